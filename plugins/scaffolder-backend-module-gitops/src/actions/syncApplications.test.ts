import { createSyncApplicationsAction } from './syncApplications';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { syncScenario } from '../__testUtils__/hubScenario';
import { runAction } from '../__testUtils__/runAction';

jest.setTimeout(30_000);

/*
 * The action against the real gitops backend plugin (in a test backend,
 * over real HTTP) configured with real sandbox Argo CD agents: `hub` syncs
 * in 100 ms, `slow` takes 10 s.
 */
const scenario = syncScenario('scaffolder-sync-applications-test');

describe('gitops:application:sync', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario,
      entities: [gitopsEntity('payments'), gitopsEntity('ledger')],
    }),
  );

  const base = {
    entityRef: 'component:default/payments',
    agentId: 'hub',
    applications: ['payments-dev'],
  };

  const run = (input: Record<string, unknown>, isDryRun = false) =>
    runAction(
      createSyncApplicationsAction({
        client: gitops.client,
        permissions: gitops.permissions,
      }),
      input,
      { isDryRun },
    );

  /** An application as the agent itself reports it. */
  const agentApplication = async (agentId: string, name: string) => {
    const res = await gitops.agentFetch(
      agentId,
      `/api/v1/applications/${name}`,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  };

  /** Waits until no sync operation of these applications is running. */
  const settledOn = async (agentId: string, names: string[]) => {
    for (const name of names) {
      for (let i = 0; i < 100; i++) {
        const app = await agentApplication(agentId, name);
        if (app.status.operationState?.phase !== 'Running') break;
        await new Promise(r => setTimeout(r, 50));
      }
    }
  };

  it('syncs a drifted application and waits until it is Synced and Healthy', async () => {
    gitops.sandbox.drift('hub', 'payments-dev');
    const before = await agentApplication('hub', 'payments-dev');
    expect(before.status.sync.status).toBe('OutOfSync');

    const ctx = await run({
      ...base,
      prune: true,
      wait: true,
      pollIntervalSeconds: 0.05,
      timeoutSeconds: 10,
    });

    expect(ctx.output).toHaveBeenCalledWith('applications', [
      { name: 'payments-dev', sync: 'Synced', health: 'Healthy' },
    ]);
    expect(ctx.logger.info).toHaveBeenCalledWith(
      'Sync of payments-dev requested',
    );
    const after = await agentApplication('hub', 'payments-dev');
    expect(after.status.sync.status).toBe('Synced');
    expect(after.status.health.status).toBe('Healthy');
    expect(after.status.operationState).toMatchObject({
      phase: 'Succeeded',
      operation: { sync: expect.objectContaining({ prune: true }) },
    });
  });

  it('syncs several applications without waiting', async () => {
    const names = ['payments-dev', 'payments-prod'];
    await settledOn('hub', names);
    for (const name of names) {
      gitops.sandbox.drift('hub', name);
      expect((await agentApplication('hub', name)).status.sync.status).toBe(
        'OutOfSync',
      );
    }
    const ctx = await run({ ...base, applications: names });
    expect(ctx.output).toHaveBeenCalledWith('applications', [
      expect.objectContaining({ name: 'payments-dev' }),
      expect.objectContaining({ name: 'payments-prod' }),
    ]);
    // manual sync policy: only the requested sync brings them back in sync
    await settledOn('hub', names);
    for (const name of names) {
      const app = await agentApplication('hub', name);
      expect(app.status.sync.status).toBe('Synced');
      expect(app.status.operationState.phase).toBe('Succeeded');
    }
  });

  it('times out with a clear error when the application does not settle in time', async () => {
    gitops.sandbox.drift('slow', 'ledger-dev');
    const started = Date.now();
    await expect(
      run({
        entityRef: 'component:default/ledger',
        agentId: 'slow',
        applications: ['ledger-dev'],
        wait: true,
        timeoutSeconds: 1,
        pollIntervalSeconds: 0.2,
      }),
    ).rejects.toThrow(
      'Timed out after 1s waiting for ledger-dev to be Synced and Healthy',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('makes no call in a dry run', async () => {
    await settledOn('hub', ['payments-prod']);
    gitops.sandbox.drift('hub', 'payments-prod');
    const ctx = await run(
      // an unknown agent would fail at the backend: nothing is sent at all
      { ...base, agentId: 'nowhere', applications: ['payments-prod'] },
      true,
    );
    expect(ctx.output).toHaveBeenCalledWith('applications', [
      { name: 'payments-prod', sync: 'Unknown', health: 'Unknown' },
    ]);
    await run({ ...base, applications: ['payments-prod'] }, true);
    await new Promise(r => setTimeout(r, 300));
    const app = await agentApplication('hub', 'payments-prod');
    expect(app.status.sync.status).toBe('OutOfSync');
  });

  it('checks the user who started the task before any network call', async () => {
    gitops.denied.add('gitops.application.sync');
    const mark = gitops.agentRequests.length;
    await expect(run(base)).rejects.toThrow(
      'gitops:application:sync: not allowed: gitops.application.sync on component:default/payments for the user who started this task',
    );
    expect(gitops.agentRequests.slice(mark)).toEqual([]);
  });

  it('surfaces an application the entity does not have', async () => {
    await expect(
      run({ ...base, applications: ['ledger-dev'] }),
    ).rejects.toThrow(
      /with 404 Not Found; caused by NotFoundError: .*ledger-dev/,
    );
  });

  it('refuses bad input', async () => {
    await expect(run({ ...base, applications: [] })).rejects.toThrow(
      'Invalid input passed to action gitops:application:sync, instance.applications does not meet minimum length of 1',
    );
    await expect(run({ ...base, entityRef: 'payments' })).rejects.toThrow(
      /entityRef/,
    );
  });
});
