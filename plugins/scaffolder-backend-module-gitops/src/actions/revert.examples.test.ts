import { createRevertAction, REVERT_ACTION_ID } from './revert';
import { examples } from './revert.examples';
import { exampleSteps, runAction } from '../__testUtils__/runAction';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';

jest.setTimeout(60_000);

/*
 * Each documented example against the real gitops backend plugin over a
 * sandbox Argo CD agent `hub` whose payments repository is on the sandbox's
 * git host (a GitHub integration): the example opens a real pull request.
 */
describe('gitops:revert examples', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-revert-examples', {
        services: [
          {
            name: 'payments',
            repo: 'https://github.com/acme/payments-deploy.git',
            project: 'shop',
            agents: ['hub'],
          },
        ],
      }),
      entities: [gitopsEntity('payments')],
      gitHost: true,
    }),
  );

  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(REVERT_ACTION_ID);
    const ctx = await runAction(
      createRevertAction({
        client: gitops.client,
        permissions: gitops.permissions,
      }),
      step.input,
    );
    const url = (ctx.output as jest.Mock).mock.calls.find(
      ([name]) => name === 'pullRequestUrl',
    )?.[1];
    expect(url).toMatch(
      new RegExp(
        `^${gitops.sandbox.gitHost!.baseUrl}/acme/payments-deploy/pull/\\d+$`,
      ),
    );
    expect((await fetch(url)).status).toBe(200);
    expect(ctx.output).toHaveBeenCalledWith('files', [
      'deploy/overlays/dev/kustomization.yaml',
    ]);
  });
});
