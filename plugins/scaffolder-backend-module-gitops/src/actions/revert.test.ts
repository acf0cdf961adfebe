import { mockCredentials } from '@backstage/backend-test-utils';
import { runAction } from '../__testUtils__/runAction';
import {
  revertActionOf,
  startRevertTestBackend,
} from '../__testUtils__/revertTestBackend';
import { useGitOpsTestBackend } from '../__testUtils__/startGitOpsTestBackend';

jest.setTimeout(60_000);

/*
 * gitops:revert against the real gitops backend plugin over a sandbox Argo
 * CD agent and the sandbox's git host: a dry run opens nothing, the user
 * who started the task is checked before any call, and the backend's 409
 * reaches the template author with its reason.
 */
describe('gitops:revert', () => {
  const gitops = useGitOpsTestBackend(() =>
    startRevertTestBackend('scaffolder-revert'),
  );
  const input = {
    entityRef: 'component:default/payments',
    agentId: 'hub',
    application: 'payments-dev',
  };
  const run = (more: Record<string, unknown> = {}, isDryRun = false) =>
    runAction(revertActionOf(gitops), { ...input, ...more }, { isDryRun });
  const pulls = async () => {
    const { apiBaseUrl, token } = gitops.sandbox.gitHost!;
    const res = await fetch(
      `${apiBaseUrl}/repos/acme/payments-deploy/pulls?state=all`,
      { headers: { authorization: `token ${token}` } },
    );
    return (await res.json()).length as number;
  };

  it('answers what it would change on a dry run, and opens nothing', async () => {
    const before = await pulls();
    const ctx = await run({}, true);
    expect(ctx.output).toHaveBeenCalledWith('files', [
      'deploy/overlays/dev/kustomization.yaml',
    ]);
    expect(ctx.output).not.toHaveBeenCalledWith(
      'pullRequestUrl',
      expect.anything(),
    );
    expect(ctx.logger.info).toHaveBeenCalledWith(
      expect.stringMatching(
        /^Dry run: would open a pull request rolling payments-dev back to #\d+: deploy\/overlays\/dev\/kustomization.yaml: image ghcr\.io\/acme\/payments /,
      ),
    );
    expect(await pulls()).toBe(before);
  });

  it('checks the user who started the task before any call', async () => {
    gitops.denied.add('gitops.application.rollback');
    const before = await pulls();
    await expect(run()).rejects.toThrow(/gitops\.application\.rollback/);
    expect(await pulls()).toBe(before);
  });

  it("passes the backend's reason on when the entry cannot be reverted", async () => {
    const app = await gitops.client.getApplication(
      {
        entityRef: input.entityRef,
        agentId: 'hub',
        name: 'payments-dev',
      },
      mockCredentials.user(),
    );
    const [latest] = [...app.history].sort((a, b) => b.id - a.id);
    await expect(run({ historyId: latest.id })).rejects.toThrow(
      /409 Conflict[\s\S]*nothing to revert/,
    );
  });
});
