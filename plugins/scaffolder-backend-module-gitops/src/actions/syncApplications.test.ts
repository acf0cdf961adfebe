import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { createSyncApplicationsAction } from './syncApplications';
import {
  GitOpsTestBackend,
  gitopsEntity,
  startGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';

jest.setTimeout(30_000);

/*
 * The action against the real gitops backend plugin (in a test backend,
 * over real HTTP) configured with real sandbox Argo CD agents: `hub` syncs
 * in 100 ms, `slow` takes 10 s.
 */
const scenario = {
  seed: 'scaffolder-sync-applications-test',
  environments: [
    {
      name: 'dev',
      cluster: 'in-cluster',
      namespace: '{service}-dev',
      syncPolicy: 'manual',
    },
    {
      name: 'prod',
      cluster: 'in-cluster',
      namespace: '{service}-prod',
      syncPolicy: 'manual',
    },
  ],
  projects: [{ name: 'shop' }],
  services: [
    {
      name: 'payments',
      repo: 'https://github.com/acme/payments-deploy.git',
      project: 'shop',
      agents: ['hub'],
    },
    {
      name: 'ledger',
      repo: 'https://github.com/acme/ledger-deploy.git',
      project: 'shop',
      agents: ['slow'],
    },
  ],
  agents: [
    {
      id: 'hub',
      kind: 'argocd',
      token: 'hub-argo-token-0001',
      syncDurationMs: 100,
      environments: ['dev', 'prod'],
      clusters: [
        { name: 'in-cluster', server: 'https://kubernetes.default.svc' },
      ],
    },
    {
      id: 'slow',
      kind: 'argocd',
      token: 'slow-argo-token-0002',
      syncDurationMs: 10_000,
      environments: ['dev'],
      clusters: [
        { name: 'in-cluster', server: 'https://kubernetes.default.svc' },
      ],
    },
  ],
};

describe('gitops:application:sync', () => {
  let gitops: GitOpsTestBackend;

  beforeAll(async () => {
    gitops = await startGitOpsTestBackend({
      scenario,
      entities: [gitopsEntity('payments'), gitopsEntity('ledger')],
      environments: [
        { name: 'dev', order: 1 },
        { name: 'prod', order: 2, production: true },
      ],
    });
  });
  afterAll(async () => {
    await gitops?.stop();
  });
  afterEach(() => gitops.denied.clear());

  const base = {
    entityRef: 'component:default/payments',
    agentId: 'hub',
    applications: ['payments-dev'],
  };

  const run = async (input: Record<string, unknown>, isDryRun = false) => {
    const action = createSyncApplicationsAction({ client: gitops.client });
    const ctx = {
      ...createMockActionContext({ input: input as any }),
      isDryRun,
    };
    jest.spyOn(ctx.logger, 'info');
    await action.handler(ctx);
    return ctx;
  };

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

  it('surfaces a permission denial of the gitops backend', async () => {
    gitops.denied.add('gitops.application.sync');
    await expect(run(base)).rejects.toThrow(
      'The gitops backend answered POST /entity/default/component/payments/applications/hub/payments-dev/sync with 403 Forbidden; caused by NotAllowedError: Not allowed: gitops.application.sync on component:default/payments',
    );
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
      /applications: name at least one application/,
    );
    await expect(run({ ...base, entityRef: 'payments' })).rejects.toThrow(
      /entityRef/,
    );
  });
});
