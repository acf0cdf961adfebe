import { REVERT_ACTION_ID } from './revert';
import { examples } from './revert.examples';
import { exampleSteps, runAction } from '../__testUtils__/runAction';
import {
  revertActionOf,
  startRevertTestBackend,
} from '../__testUtils__/revertTestBackend';
import { useGitOpsTestBackend } from '../__testUtils__/startGitOpsTestBackend';

jest.setTimeout(60_000);

/*
 * Each documented example against the real gitops backend plugin over a
 * sandbox Argo CD agent `hub` whose payments repository is on the sandbox's
 * git host (a GitHub integration): the example opens a real pull request.
 */
describe('gitops:revert examples', () => {
  const gitops = useGitOpsTestBackend(() =>
    startRevertTestBackend('scaffolder-revert-examples'),
  );

  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(REVERT_ACTION_ID);
    const ctx = await runAction(revertActionOf(gitops), step.input);
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
