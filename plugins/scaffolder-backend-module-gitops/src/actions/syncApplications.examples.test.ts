import {
  createSyncApplicationsAction,
  SYNC_APPLICATIONS_ACTION_ID,
} from './syncApplications';
import { examples } from './syncApplications.examples';
import { exampleSteps, runAction } from '../__testUtils__/runAction';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { syncScenario } from '../__testUtils__/hubScenario';

jest.setTimeout(30_000);

/*
 * Each documented example against the real gitops backend plugin over a
 * sandbox Argo CD agent `hub` that deploys payments without syncing it
 * (the sync tests' fleet).
 */
describe('gitops:application:sync examples', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: syncScenario('scaffolder-sync-applications-examples'),
      entities: [gitopsEntity('payments')],
    }),
  );

  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(SYNC_APPLICATIONS_ACTION_ID);
    const ctx = await runAction(
      createSyncApplicationsAction({
        client: gitops.client,
        permissions: gitops.permissions,
      }),
      step.input,
    );
    expect(ctx.output).toHaveBeenCalledWith(
      'applications',
      (step.input.applications as string[]).map(name => ({
        name,
        sync: 'Synced',
        health: 'Healthy',
      })),
    );
  });
});
