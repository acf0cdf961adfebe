import { ConfigReader } from '@backstage/config';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import {
  describeProviderCapabilities,
  GitOpsAgentError,
  type WatchEvent,
} from '@gitops-suite/plugin-gitops-node';
import { application, InMemoryGitOpsProvider } from './index';

const T0 = new Date('2026-11-28T10:00:00Z');

function fleet(clock: () => Date = () => T0) {
  return InMemoryGitOpsProvider.create({
    agent: { id: 'dev', title: 'Dev agent' },
    clock,
    applications: [
      application({
        name: 'payments-dev',
        labels: { 'gitops/service': 'payments', 'gitops/environment': 'dev' },
        sync: { status: 'OutOfSync', revision: 'c0ffee' },
        history: [
          { id: 1, revision: 'b2', deployedAt: '2026-11-27T00:00:00Z' },
          { id: 0, revision: 'a1', deployedAt: '2026-11-26T00:00:00Z' },
        ],
      }),
      application({
        name: 'checkout-dev',
        project: 'shop',
        labels: { 'gitops/service': 'checkout', tier: 'web' },
      }),
      application({ name: 'ledger', namespace: 'team-a', project: 'shop' }),
    ],
    details: [
      {
        application: { name: 'payments-dev' },
        resourceTree: {
          nodes: [{ kind: 'Deployment', name: 'payments', parentRefs: [] }],
        },
        syncWindows: [{ kind: 'deny', schedule: '0 22 * * *', duration: '1h' }],
      },
    ],
    revisions: [
      {
        revision: 'b2',
        author: 'ada',
        signature: { state: 'unknown', problems: [] },
      },
    ],
    projects: [
      {
        name: 'shop',
        destinations: [{ namespace: '*' }],
        sourceRepos: ['*'],
        owners: ['group:default/shop'],
      },
    ],
    clusters: [
      {
        agentId: 'elsewhere',
        name: 'in-cluster',
        server: 'https://kubernetes.default.svc',
        connectionState: { status: 'Successful' },
        labels: {},
      },
    ],
  });
}

async function rejection(promise: Promise<unknown>): Promise<GitOpsAgentError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GitOpsAgentError);
  return error as GitOpsAgentError;
}

describe('InMemoryGitOpsProvider', () => {
  it('holds its seeded applications as its own, found by every list restriction', async () => {
    const provider = fleet();
    const names = async (
      query: Parameters<typeof provider.listApplications>[0],
    ) => (await provider.listApplications(query)).map(app => app.name).sort();

    const all = await provider.listApplications({});
    expect(all.map(app => app.key).sort()).toEqual([
      'dev:/checkout-dev',
      'dev:/payments-dev',
      'dev:team-a/ledger',
    ]);
    expect(
      all.every(app => app.agentId === 'dev' && app.agentKind === 'memory'),
    ).toBe(true);
    expect(
      await names({ selector: 'gitops/service in (payments,checkout)' }),
    ).toEqual(['checkout-dev', 'payments-dev']);
    expect(await names({ selector: 'tier!=web' })).toEqual([
      'ledger',
      'payments-dev',
    ]);
    expect(await names({ projects: ['shop'] })).toEqual([
      'checkout-dev',
      'ledger',
    ]);
    expect(await names({ name: 'ledger' })).toEqual(['ledger']);
    expect(await names({ appNamespace: 'team-a' })).toEqual(['ledger']);
    expect(
      await names({ projects: ['shop'], selector: 'gitops/service=payments' }),
    ).toEqual([]);
  });

  it('answers a lean list without history nor operation details', async () => {
    const provider = fleet();
    await provider.sync({ name: 'payments-dev' }, { revision: 'd4' });
    const [lean] = await provider.listApplications({
      name: 'payments-dev',
      lean: true,
    });
    expect(lean.history).toEqual([]);
    expect(lean.reconciledAt).toBeUndefined();
    expect(lean.operation).toEqual({
      phase: 'Succeeded',
      startedAt: T0.toISOString(),
      finishedAt: T0.toISOString(),
      revision: 'd4',
    });
  });

  it('refuses an invalid selector as the agent would', async () => {
    const error = await rejection(
      fleet().listApplications({ selector: 'a in (' }),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.statusCode).toBe(400);
  });

  it('answers not_found (404) for an application it does not hold', async () => {
    const provider = fleet();
    for (const ref of [
      { name: 'nope' },
      { name: 'ledger' },
      { name: 'ledger', namespace: 'team-a', project: 'default' },
    ]) {
      const error = await rejection(provider.getApplication(ref));
      expect(error).toMatchObject({
        code: 'not_found',
        status: 404,
        agentId: 'dev',
      });
      expect(error.statusCode).toBe(404);
    }
    expect(
      (await provider.getApplication({ name: 'ledger', namespace: 'team-a' }))
        .key,
    ).toBe('dev:team-a/ledger');
  });

  it('answers copies: what a caller changes is not what the agent holds', async () => {
    const provider = fleet();
    const app = await provider.getApplication({ name: 'payments-dev' });
    app.labels.tampered = 'yes';
    app.history.length = 0;
    const again = await provider.getApplication({ name: 'payments-dev' });
    expect(again.labels.tampered).toBeUndefined();
    expect(again.history).toHaveLength(2);
  });

  it('syncs: the operation succeeds, the application is Synced at the revision, a deployment is recorded', async () => {
    const provider = fleet();
    const synced = await provider.sync(
      { name: 'payments-dev' },
      { revision: 'd4', syncOptions: ['ServerSideApply=true'] },
      { user: { entityRef: 'user:default/ada' } },
    );
    expect(synced.sync).toEqual({
      status: 'Synced',
      revision: 'd4',
      comparedAt: T0.toISOString(),
    });
    expect(synced.operation).toMatchObject({
      phase: 'Succeeded',
      revision: 'd4',
      initiatedBy: 'user:default/ada',
      syncOptions: ['ServerSideApply=true'],
    });
    expect(synced.history.map(entry => [entry.id, entry.revision])).toEqual([
      [2, 'd4'],
      [1, 'b2'],
      [0, 'a1'],
    ]);
    expect(synced.lastSyncedAt).toBe(T0.toISOString());
    expect(await provider.getApplication({ name: 'payments-dev' })).toEqual(
      synced,
    );
  });

  it('syncs to the compared revision when none is asked for, and a dry run applies nothing', async () => {
    const provider = fleet();
    const dry = await provider.sync({ name: 'payments-dev' }, { dryRun: true });
    expect(dry.sync.status).toBe('OutOfSync');
    expect(dry.history).toHaveLength(2);
    expect(dry.operation).toMatchObject({ phase: 'Succeeded', dryRun: true });
    const synced = await provider.sync({ name: 'payments-dev' }, {});
    expect(synced.sync).toMatchObject({ status: 'Synced', revision: 'c0ffee' });
  });

  it('refuses an operation while another runs (conflict), and terminates the running one', async () => {
    const provider = fleet();
    provider.update({ name: 'checkout-dev' }, app => ({
      ...app,
      operation: { phase: 'Running', startedAt: T0.toISOString() },
    }));
    const error = await rejection(provider.sync({ name: 'checkout-dev' }, {}));
    expect(error).toMatchObject({ code: 'conflict', status: 409 });
    expect(error.message).toContain('another operation is already in progress');

    await provider.terminateOperation({ name: 'checkout-dev' });
    const app = await provider.getApplication({ name: 'checkout-dev' });
    expect(app.operation).toMatchObject({
      phase: 'Failed',
      message: 'Operation terminated',
    });
    const none = await rejection(
      provider.terminateOperation({ name: 'checkout-dev' }),
    );
    expect(none.code).toBe('conflict');
  });

  it('rolls back to a history entry: that revision runs, compared against its target', async () => {
    const provider = fleet();
    const rolled = await provider.rollback({ name: 'payments-dev' }, { id: 0 });
    expect(rolled.history[0]).toMatchObject({
      id: 2,
      revision: 'a1',
      initiatedBy: 'admin',
    });
    expect(rolled.operation).toMatchObject({
      phase: 'Succeeded',
      revision: 'a1',
    });
    expect(rolled.sync).toMatchObject({
      status: 'OutOfSync',
      revision: 'c0ffee',
    });
  });

  it('refuses a rollback to an unknown deployment, and while auto-sync is on', async () => {
    const provider = fleet();
    const unknown = await rejection(
      provider.rollback({ name: 'payments-dev' }, { id: 7 }),
    );
    expect(unknown).toMatchObject({ code: 'invalid_request', status: 400 });
    await provider.setSyncPolicy(
      { name: 'payments-dev' },
      { automated: true, prune: true, selfHeal: false },
    );
    expect(
      (await provider.getApplication({ name: 'payments-dev' })).syncPolicy,
    ).toEqual({
      automated: true,
      prune: true,
      selfHeal: false,
      syncOptions: [],
    });
    const auto = await rejection(
      provider.rollback({ name: 'payments-dev' }, { id: 0 }),
    );
    expect(auto).toMatchObject({ code: 'conflict', status: 409 });
    expect(auto.message).toContain('auto-sync is enabled');
  });

  it('refreshes: the application is reconciled now', async () => {
    let now = T0;
    const provider = fleet(() => now);
    now = new Date('2026-11-28T11:00:00Z');
    const refreshed = await provider.refresh({ name: 'checkout-dev' }, 'hard');
    expect(refreshed.reconciledAt).toBe(now.toISOString());
    expect(refreshed.sync.comparedAt).toBe(now.toISOString());
  });

  it('answers the details, revisions, projects, clusters and repositories it was given', async () => {
    const provider = fleet();
    const ref = { name: 'payments-dev' };
    expect(
      (await provider.getResourceTree(ref)).nodes.map(n => n.name),
    ).toEqual(['payments']);
    expect(await provider.getSyncWindows(ref)).toHaveLength(1);
    expect(await provider.getManagedResources(ref)).toEqual([]);
    expect(
      await provider.getResourceTree({ name: 'ledger', namespace: 'team-a' }),
    ).toEqual({ nodes: [] });
    expect((await provider.getRevisionMetadata(ref, 'b2')).author).toBe('ada');
    expect(
      (await rejection(provider.getRevisionMetadata(ref, 'zz'))).code,
    ).toBe('not_found');
    expect(
      (await rejection(provider.getResourceTree({ name: 'nope' }))).code,
    ).toBe('not_found');
    expect((await provider.getProject('shop'))?.owners).toEqual([
      'group:default/shop',
    ]);
    expect(await provider.getProject('nope')).toBeUndefined();
    expect((await provider.listClusters()).map(c => c.agentId)).toEqual([
      'dev',
    ]);
    expect(await provider.listRepositories()).toEqual([]);
    expect(
      (
        await rejection(
          provider.rawGet('/api/v1/applications', new URLSearchParams()),
        )
      ).status,
    ).toBe(404);
    expect(provider.proxy.routes).toEqual([]);
  });

  it('creates ApplicationSets from manifests as Argo CD does: upsert, dry run, refusals', async () => {
    const provider = fleet();
    provider.put(application({ name: 'ledger-dev', applicationSet: 'ledger' }));
    const manifest = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'ledger' },
      spec: {
        generators: [{ list: { elements: [{ env: 'dev' }, { env: 'qa' }] } }],
        template: {
          metadata: { name: 'ledger-{{env}}' },
          spec: {
            project: 'shop',
            source: {
              repoURL: 'https://git.example.com/ledger.git',
              path: 'envs/{{env}}',
            },
            destination: {
              server: 'https://kubernetes.default.svc',
              namespace: 'ledger',
            },
          },
        },
      },
    };
    const dry = await provider.createApplicationSet(manifest, {
      upsert: false,
      dryRun: true,
    });
    expect(dry.dryRun).toBe(true);
    expect(await provider.listApplicationSets()).toEqual([]);

    const created = await provider.createApplicationSet(manifest, {
      upsert: false,
      dryRun: false,
    });
    expect(created.applicationSet).toMatchObject({
      agentId: 'dev',
      name: 'ledger',
      project: 'shop',
      generators: [{ kind: 'list', summary: '2 element(s)', elements: 2 }],
      template: {
        name: 'ledger-{{env}}',
        path: 'envs/{{env}}',
        destinationNamespace: 'ledger',
      },
      applications: ['ledger-dev'],
    });
    expect(await provider.getApplicationSet('ledger')).toEqual(
      created.applicationSet,
    );
    expect(await provider.getApplicationSet({ name: 'ledger' })).toEqual(
      created.applicationSet,
    );

    const again = await rejection(
      provider.createApplicationSet(manifest, { upsert: false, dryRun: false }),
    );
    expect(again.code).toBe('invalid_request');
    await provider.createApplicationSet(manifest, {
      upsert: true,
      dryRun: false,
    });
    const invalid = await rejection(
      provider.createApplicationSet(
        { kind: 'Application', metadata: { name: 'x' } },
        { upsert: true, dryRun: false },
      ),
    );
    expect(invalid.message).toContain('expected kind ApplicationSet');
    expect((await rejection(provider.getApplicationSet('nope'))).code).toBe(
      'not_found',
    );
  });

  it('streams every change after a snapshot to a watch, in order, until aborted', async () => {
    const provider = fleet();
    const snapshot = await provider.snapshotApplications();
    expect(snapshot.items).toHaveLength(3);
    expect(snapshot.items.every(app => app.history.length === 0)).toBe(true);

    const events: Array<WatchEvent<GitOpsApplication>> = [];
    const stop = new AbortController();
    let opened = false;
    const watching = provider.watchApplications({
      resourceVersion: snapshot.resourceVersion,
      signal: stop.signal,
      onOpen: () => {
        opened = true;
      },
      onEvent: event => events.push(event),
    });
    expect(opened).toBe(true);
    provider.put(application({ name: 'search-dev' }));
    await provider.sync({ name: 'payments-dev' }, { revision: 'd4' });
    provider.remove({ name: 'ledger', namespace: 'team-a' });
    stop.abort();
    await expect(watching).resolves.toBeUndefined();
    provider.put(application({ name: 'after-the-end' }));

    expect(events.map(e => [e.type, e.object.key])).toEqual([
      ['ADDED', 'dev:/search-dev'],
      ['MODIFIED', 'dev:/payments-dev'],
      ['DELETED', 'dev:team-a/ledger'],
    ]);
    expect(events[1].object.sync.status).toBe('Synced');
    expect(events[1].object.history).toEqual([]);

    // a watch from the earlier version gets what it missed, then ends on abort
    const missed: string[] = [];
    const late = new AbortController();
    const replay = provider.watchApplications({
      resourceVersion: snapshot.resourceVersion,
      signal: late.signal,
      onEvent: event => missed.push(`${event.type} ${event.object.name}`),
    });
    late.abort();
    await replay;
    expect(missed).toEqual([
      'ADDED search-dev',
      'MODIFIED payments-dev',
      'DELETED ledger',
      'ADDED after-the-end',
    ]);
    const future = await rejection(
      provider.watchApplications({
        resourceVersion: '99',
        signal: new AbortController().signal,
        onEvent: () => {},
      }),
    );
    expect(future.code).toBe('invalid_request');
  });

  it('watches ApplicationSets as applications', async () => {
    const provider = fleet();
    const snapshot = await provider.snapshotApplicationSets();
    const events: string[] = [];
    const stop = new AbortController();
    const watching = provider.watchApplicationSets({
      resourceVersion: snapshot.resourceVersion,
      signal: stop.signal,
      onEvent: event => events.push(`${event.type} ${event.object.name}`),
    });
    await provider.createApplicationSet(
      { kind: 'ApplicationSet', metadata: { name: 'web' }, spec: {} },
      { upsert: false, dryRun: false },
    );
    stop.abort();
    await watching;
    expect(events).toEqual(['ADDED web']);
  });

  it('can be unreachable: calls fail, open watches end, the status says so, until it reconnects', async () => {
    const provider = fleet();
    const watching = provider.watchApplications({
      signal: new AbortController().signal,
      onEvent: () => {},
    });
    provider.disconnect('no route to host');
    const ended = await rejection(watching);
    expect(ended).toMatchObject({ code: 'unreachable', agentId: 'dev' });
    expect(ended.message).toBe('Agent dev is unreachable: no route to host');
    expect((await rejection(provider.listApplications({}))).code).toBe(
      'unreachable',
    );
    expect(await provider.getStatus()).toMatchObject({
      state: 'disconnected',
      agentId: 'dev',
      kind: 'memory',
    });

    provider.reconnect();
    expect(await provider.listApplications({})).toHaveLength(3);
    expect(await provider.getStatus()).toEqual({
      agentId: 'dev',
      kind: 'memory',
      state: 'connected',
      version: 'in-memory',
      checkedAt: T0.toISOString(),
    });
  });

  it('has whole capabilities only: those it can honour in memory', () => {
    expect(describeProviderCapabilities(fleet())).toEqual({
      capabilities: [
        'syncPolicy',
        'terminate',
        'projects',
        'watch',
        'applicationSetWatch',
      ],
      partial: [],
    });
  });

  it('is made by its factory for the agent configured with its id', () => {
    const dev = fleet();
    const prod = InMemoryGitOpsProvider.create({ agent: { id: 'prod' } });
    const factory = InMemoryGitOpsProvider.factory(dev, prod);
    const options = (id: string) => ({
      agent: {
        id,
        kind: 'memory',
        url: 'memory://',
        timeoutMs: 1000,
        config: new ConfigReader({}),
      },
      environments: [],
      logger: { child: () => undefined } as never,
    });
    expect(factory(options('prod'))).toBe(prod);
    expect(() => factory(options('qa'))).toThrow(
      "No in-memory GitOps agent has id 'qa'; known: dev, prod",
    );
  });
});

describe('application', () => {
  it('builds a valid application, deriving its key, service and environment', () => {
    const app = application({
      name: 'payments-prod',
      namespace: 'team-a',
      agentId: 'prod',
      labels: { 'gitops/service': 'payments', 'gitops/environment': 'prod' },
    });
    expect(app).toMatchObject({
      key: 'prod:team-a/payments-prod',
      service: 'payments',
      environment: 'prod',
      sync: { status: 'Synced' },
      health: { status: 'Healthy' },
      history: [],
    });
    expect(application({ name: 'x' })).toMatchObject({
      key: 'memory:/x',
      environment: 'unknown',
    });
    expect(application({ name: 'x' }).service).toBeUndefined();
    expect(
      application({ name: 'x', environment: 'qa', service: 's' }),
    ).toMatchObject({
      environment: 'qa',
      service: 's',
    });
  });
});
