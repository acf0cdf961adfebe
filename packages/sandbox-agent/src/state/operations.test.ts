import http from 'node:http';
import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { argoClient, controlClient, eventually } from '../testing/testClients';

/*
 * Operations change state the way an agent does: sync runs and succeeds,
 * rollback restores a history entry, refresh re-reads git, drift shows up in
 * the diff, ApplicationSets generate their Applications.
 */

let sandbox: Sandbox;
let argo: SandboxAgentInfo;

beforeEach(async () => {
  sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
  argo = sandbox.agent('argo');
});

afterEach(() => sandbox.close());

const getApp = async (name: string) => (await argoClient(argo).get(`/api/v1/applications/${name}`)).json;

describe('sync', () => {
  it('runs (Running, Progressing), then succeeds: Synced at the target revision, Healthy, new history entry', async () => {
    const client = argoClient(argo);
    const before = await getApp('web-prod');
    expect(before.status.sync.status).toBe('Synced');
    const historyLength = before.status.history.length;

    const pushed = await controlClient(argo).post('/commit', { service: 'web', message: 'feat: new checkout flow' });
    expect(pushed.status).toBe(200);
    const newRevision = pushed.json.revision;
    expect(newRevision).toMatch(/^[0-9a-f]{40}$/);

    // Git changed, but the app compares to what it last read until a refresh.
    expect((await getApp('web-prod')).status.sync).toMatchObject({ status: 'Synced', revision: before.status.sync.revision });
    const refreshed = (await client.get('/api/v1/applications/web-prod?refresh=normal')).json;
    expect(refreshed.status.sync).toMatchObject({ status: 'OutOfSync', revision: newRevision });

    const started = await client.post('/api/v1/applications/web-prod/sync', { prune: false });
    expect(started.status).toBe(200);
    expect(started.json.operation.sync.revision).toBe(newRevision);
    expect(started.json.operation.initiatedBy).toEqual({ username: 'admin' });
    expect(started.json.status.operationState.phase).toBe('Running');
    expect(started.json.status.health.status).toBe('Progressing');

    const done = await eventually(async () => {
      const app = await getApp('web-prod');
      expect(app.status.operationState.phase).toBe('Succeeded');
      return app;
    });
    expect(done.operation).toBeUndefined();
    expect(done.status.sync).toMatchObject({ status: 'Synced', revision: newRevision });
    expect(done.status.history).toHaveLength(historyLength + 1);
    expect(done.status.history[historyLength]).toMatchObject({
      revision: newRevision,
      initiatedBy: { username: 'admin' },
      id: before.status.history[historyLength - 1].id + 1,
    });
    expect(done.status.operationState.syncResult.revision).toBe(newRevision);
    expect(done.status.summary.images[0]).toMatch(/:\d+\.\d+\.8$/);
    await eventually(async () => expect((await getApp('web-prod')).status.health.status).toBe('Healthy'));
  });

  it('runs a dry run as an operation that ends, changing nothing live and recording no history', async () => {
    const before = await getApp('worker-prod');
    const res = await argoClient(argo).post('/api/v1/applications/worker-prod/sync', { dryRun: true, prune: true });
    expect(res.status).toBe(200);
    expect(res.json.status.operationState).toMatchObject({ phase: 'Running', operation: { sync: { dryRun: true } } });
    await eventually(async () => expect((await getApp('worker-prod')).status.operationState.phase).toBe('Succeeded'));
    const after = await getApp('worker-prod');
    expect(after.status.operationState.operation.sync).toMatchObject({ dryRun: true, prune: true });
    expect(after.status.operationState.syncResult.resources.every((r: any) => r.message.endsWith('(dry run)'))).toBe(
      true,
    );
    expect(after.status.history).toEqual(before.status.history);
    expect(after.status.sync).toEqual(before.status.sync);
    expect(after.status.resources).toEqual(before.status.resources);
    expect(after.status.health).toEqual(before.status.health);
  });

  it('honours prune: a resource that needs pruning is skipped without it and pruned with it', async () => {
    const client = argoClient(argo);
    const before = await getApp('worker-prod');
    expect(before.status.sync.status).toBe('OutOfSync');
    const orphan = before.status.resources.find((r: any) => r.requiresPruning);
    expect(orphan).toMatchObject({ kind: 'ConfigMap', status: 'OutOfSync' });

    await client.post('/api/v1/applications/worker-prod/sync', { prune: false });
    const skipped = await eventually(async () => {
      const app = await getApp('worker-prod');
      expect(app.status.operationState.phase).toBe('Succeeded');
      return app;
    });
    expect(skipped.status.operationState.syncResult.resources.find((r: any) => r.name === orphan.name)).toMatchObject({
      status: 'PruneSkipped',
      message: 'ignored (requires pruning)',
    });
    expect(skipped.status.sync.status).toBe('OutOfSync');

    await client.post('/api/v1/applications/worker-prod/sync', { prune: true });
    const pruned = await eventually(async () => {
      const app = await getApp('worker-prod');
      expect(app.status.operationState.operation.sync.prune).toBe(true);
      expect(app.status.operationState.phase).toBe('Succeeded');
      return app;
    });
    expect(pruned.status.operationState.syncResult.resources.find((r: any) => r.name === orphan.name)).toMatchObject({
      status: 'Pruned',
    });
    expect(pruned.status.sync.status).toBe('Synced');
    expect(pruned.status.resources.some((r: any) => r.requiresPruning)).toBe(false);
  });

  it('refuses a second operation while one runs', async () => {
    const client = argoClient(argo);
    expect((await client.post('/api/v1/applications/api-prod/sync', {})).status).toBe(200);
    const second = await client.post('/api/v1/applications/api-prod/sync', {});
    expect(second.status).toBe(400);
    expect(second.json.message).toBe('another operation is already in progress');
  });

  it('rejects an unknown revision', async () => {
    const res = await argoClient(argo).post('/api/v1/applications/api-prod/sync', { revision: 'no-such-branch' });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("unable to resolve 'no-such-branch'");
  });
});

describe('rollback', () => {
  it('restores the revision of a history entry (and leaves the app OutOfSync with git)', async () => {
    const before = await getApp('web-prod');
    const first = before.status.history[0];
    const res = await argoClient(argo).post('/api/v1/applications/web-prod/rollback', { id: first.id, dryRun: false, prune: false });
    expect(res.status).toBe(200);
    expect(res.json.status.operationState.phase).toBe('Running');
    expect(res.json.operation.sync.revision).toBe(first.revision);
    const done = await eventually(async () => {
      const app = await getApp('web-prod');
      expect(app.status.operationState.phase).toBe('Succeeded');
      return app;
    });
    expect(done.status.history[done.status.history.length - 1].revision).toBe(first.revision);
    expect(done.status.sync).toMatchObject({ status: 'OutOfSync', revision: before.status.sync.revision });
  });

  it('refuses apps with automated sync, as Argo CD does', async () => {
    const app = await getApp('web-dev');
    expect(app.spec.syncPolicy.automated).toBeDefined();
    const res = await argoClient(argo).post('/api/v1/applications/web-dev/rollback', { id: app.status.history[0].id });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('rollback cannot be initiated when auto-sync is enabled');
  });

  it('runs a dry-run rollback that ends without a new deployment', async () => {
    const before = await getApp('web-prod');
    await argoClient(argo).post('/api/v1/applications/web-prod/rollback', { id: before.status.history[0].id, dryRun: true });
    await eventually(async () => expect((await getApp('web-prod')).status.operationState.phase).toBe('Succeeded'));
    const after = await getApp('web-prod');
    expect(after.status.operationState.operation.sync.dryRun).toBe(true);
    expect(after.status.history).toEqual(before.status.history);
    expect(after.status.summary).toEqual(before.status.summary);
  });
});

describe('refresh and auto-sync', () => {
  it('an automated app syncs itself once a refresh sees a new commit', async () => {
    const revision = sandbox.commit({ agent: 'argo', service: 'web' });
    const refreshed = (await argoClient(argo).get('/api/v1/applications/web-dev?refresh=hard')).json;
    expect(refreshed.status.sync.revision).toBe(revision);
    expect(refreshed.status.operationState.phase).toBe('Running');
    expect(refreshed.status.operationState.operation.initiatedBy).toEqual({ automated: true });
    await eventually(async () =>
      expect((await getApp('web-dev')).status.sync).toMatchObject({ status: 'Synced', revision }),
    );
  });
});

describe('drift', () => {
  it('makes the app OutOfSync with the changed field visible in managed-resources', async () => {
    const res = await controlClient(argo).post('/drift', { application: 'api-prod', field: 'replicas' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ application: 'api-prod', field: 'replicas', resourceStatus: 'OutOfSync' });
    const app = await getApp('api-prod');
    expect(app.status.sync.status).toBe('OutOfSync');
    const managed = (await argoClient(argo).get('/api/v1/applications/api-prod/managed-resources')).json;
    const deployment = managed.items.find((i: any) => i.kind === 'Deployment');
    expect(deployment.modified).toBe(true);
    const target = JSON.parse(deployment.targetState);
    const live = JSON.parse(deployment.liveState);
    expect(live.spec.replicas).toBe(target.spec.replicas + 2);
    expect(JSON.parse(deployment.predictedLiveState).spec.replicas).toBe(target.spec.replicas);
    expect(managed.items.filter((i: any) => i.modified)).toHaveLength(1);

    // A sync heals it.
    await argoClient(argo).post('/api/v1/applications/api-prod/sync', {});
    await eventually(async () => expect((await getApp('api-prod')).status.sync.status).toBe('Synced'));
  });

  it('drifts image and config values too, through the programmatic API', async () => {
    const image = sandbox.drift('argo', 'web-prod', 'image');
    expect(String(image.live)).toContain(':hotfix-');
    const config = sandbox.drift('argo', 'web-prod', 'configmap');
    expect(config).toMatchObject({ live: 'trace', resource: { kind: 'ConfigMap' } });
    const app = await getApp('web-prod');
    expect(app.status.summary.images[0]).toBe(image.live);
    expect(app.status.resources.filter((r: any) => r.status === 'OutOfSync').map((r: any) => r.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
    ]);
  });

  it('reaches watch streams as MODIFIED events', async () => {
    const events: any[] = [];
    // resumed from the current version: no initial ADDED events, only changes
    const version = (await argoClient(argo).get('/api/v1/applications?fields=metadata.resourceVersion')).json.metadata
      .resourceVersion;
    const req = http.get(
      `${argo.url}/api/v1/stream/applications?name=api-prod&resourceVersion=${version}`,
      { headers: { authorization: `Bearer ${argo.token}`, accept: 'text/event-stream' } },
      res => {
        expect(res.headers['content-type']).toBe('text/event-stream');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          for (const block of chunk.split('\n\n').filter(Boolean)) {
            events.push(JSON.parse(block.replace(/^data: /, '')));
          }
        });
      },
    );
    await new Promise(r => setTimeout(r, 50));
    sandbox.drift('argo', 'api-prod');
    await eventually(async () => expect(events.length).toBeGreaterThan(0));
    req.destroy();
    expect(events[0].result.type).toBe('MODIFIED');
    expect(events[0].result.application.metadata.name).toBe('api-prod');
    expect(events[0].result.application.status.sync.status).toBe('OutOfSync');
  });
});

describe('ApplicationSets', () => {
  const appSet = (policy?: object) => ({
    metadata: { name: 'edge-proxy', labels: { team: 'platform' } },
    spec: {
      generators: [{ clusters: { selector: { matchLabels: { tier: 'prod' } } } }],
      template: {
        metadata: { name: 'edge-proxy-{{name}}', labels: { 'gitops/service': 'edge-proxy' } },
        spec: {
          project: 'shop',
          source: { repoURL: 'https://github.com/acme/edge-proxy.git', path: 'deploy', targetRevision: 'HEAD' },
          destination: { server: '{{server}}', namespace: 'edge-proxy' },
          ...(policy ? { syncPolicy: policy } : {}),
        },
      },
    },
  });

  it('creating one generates its Applications, which sync themselves when automated', async () => {
    const client = argoClient(argo);
    const created = await client.post('/api/v1/applicationsets', appSet({ automated: { prune: true } }));
    expect(created.status).toBe(200);
    expect(created.json.status.resources.map((r: any) => r.name)).toEqual(['edge-proxy-prod']);
    const app = await getApp('edge-proxy-prod');
    expect(app.metadata.ownerReferences[0]).toMatchObject({ kind: 'ApplicationSet', name: 'edge-proxy' });
    expect(app.spec.destination.server).toBe('https://prod.example.internal:6443');
    await eventually(async () =>
      expect((await getApp('edge-proxy-prod')).status).toMatchObject({
        sync: { status: 'Synced' },
        health: { status: 'Healthy' },
      }),
    );
    const listed = await client.get('/api/v1/applications?selector=gitops/service=edge-proxy');
    expect(listed.json.items).toHaveLength(1);
  });

  it('a manual one leaves new apps Missing; upsert rules and delete behave as in Argo CD', async () => {
    const client = argoClient(argo);
    await client.post('/api/v1/applicationsets', appSet());
    expect((await getApp('edge-proxy-prod')).status).toMatchObject({ sync: { status: 'OutOfSync' }, health: { status: 'Missing' } });
    const changed = appSet();
    changed.spec.template.spec.source.path = 'deploy/v2';
    const conflict = await client.post('/api/v1/applicationsets?upsert=false', changed);
    expect(conflict.status).toBe(400);
    expect(conflict.json.message).toContain('use upsert flag');
    expect((await client.post('/api/v1/applicationsets?upsert=true', changed)).status).toBe(200);
    expect((await getApp('edge-proxy-prod')).spec.source.path).toBe('deploy/v2');
    expect((await client.delete('/api/v1/applicationsets/edge-proxy')).status).toBe(200);
    expect((await client.get('/api/v1/applications/edge-proxy-prod')).status).toBe(404);
  });

  it('dryRun and generate preview without creating anything', async () => {
    const client = argoClient(argo);
    const preview = await client.post('/api/v1/applicationsets/generate', { applicationSet: appSet() });
    expect(preview.json.applications.map((a: any) => a.metadata.name)).toEqual(['edge-proxy-prod']);
    const dry = await client.post('/api/v1/applicationsets?dryRun=true', appSet());
    expect(dry.status).toBe(200);
    expect((await client.get('/api/v1/applicationsets/edge-proxy')).status).toBe(404);
    expect((await client.get('/api/v1/applications/edge-proxy-prod')).status).toBe(404);
  });

  it('stores a set whose generator fails and reports it in status.conditions; a dry run refuses it', async () => {
    const bad = appSet();
    (bad.spec as any).generators = [{ scmProvider: {} }];
    const dry = await argoClient(argo).post('/api/v1/applicationsets?dryRun=true', bad);
    // Argo CD's server returns the generator error as a plain error: gRPC Unknown, HTTP 500.
    expect(dry.status).toBe(500);
    expect(dry.json.code).toBe(2);
    expect(dry.json.message).toContain('unable to generate Applications of ApplicationSet');
    const res = await argoClient(argo).post('/api/v1/applicationsets', bad);
    expect(res.status).toBe(200);
    const conditions = Object.fromEntries(res.json.status.conditions.map((c: any) => [c.type, c]));
    expect(conditions.ErrorOccurred).toMatchObject({ status: 'True', reason: 'ApplicationParamsGenerationError' });
    expect(conditions.ParametersGenerated.status).toBe('False');
    expect(conditions.ResourcesUpToDate.status).toBe('False');
    expect(res.json.status.resources).toEqual([]);
  });
});

describe('reset', () => {
  it('restores the scenario state', async () => {
    sandbox.drift('argo', 'api-prod');
    expect((await getApp('api-prod')).status.sync.status).toBe('OutOfSync');
    expect((await controlClient(argo).post('/reset')).status).toBe(200);
    expect((await getApp('api-prod')).status.sync.status).toBe('Synced');
  });
});
