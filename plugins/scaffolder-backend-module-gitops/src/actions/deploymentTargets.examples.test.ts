import {
  createDeploymentTargetsAction,
  DEPLOYMENT_TARGETS_ACTION_ID,
} from './deploymentTargets';
import { examples } from './deploymentTargets.examples';
import { exampleSteps, runAction } from '../__testUtils__/runAction';
import {
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';

jest.setTimeout(30_000);

/*
 * Each documented example against the real gitops backend plugin over a
 * sandbox Argo CD agent `hub` serving dev and prod on its own cluster.
 */
describe('gitops:deployment:targets examples', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-deployment-targets-examples'),
      entities: [],
    }),
  );

  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(DEPLOYMENT_TARGETS_ACTION_ID);
    const ctx = await runAction(
      createDeploymentTargetsAction({ client: gitops.client }),
      step.input,
    );
    expect(ctx.output).toHaveBeenCalledWith('project', 'shop');
    expect(ctx.output).toHaveBeenCalledWith(
      'environments',
      (step.input.environments as string[]).map(name => ({
        name,
        cluster: 'https://kubernetes.default.svc',
      })),
    );
  });
});
