import path from 'node:path';
import { deployedRevision } from '@gitops-suite/plugin-gitops-common';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { sandboxRegistry } from '../testUtils/sandboxRegistry';
import { ProviderRegistry } from './ProviderRegistry';

jest.setTimeout(60_000);

/*
 * One Argo CD API provider, two route schemes: Argo CD's own routes and Harness
 * GitOps's gateway in front of the Argo CD under an agent. The same calls,
 * made through the real providers to the sandbox agents of the example
 * fleet, answer the same normalized model for both.
 */
const examples = path.resolve(__dirname, '../../../../examples/fleet.yaml');

describe.each([
  ['Argo CD routes', 'argocd-nonprod'],
  ['Harness GitOps gateway', 'harness-eu'],
])('the application API over %s (%s)', (_scheme, agentId) => {
  let sandbox: Sandbox;
  let registry: ProviderRegistry;

  beforeAll(async () => {
    sandbox = await startSandbox({ scenarioPath: examples, log: () => {} });
    registry = sandboxRegistry(sandbox, { agentIds: [agentId] });
  });
  afterAll(() => sandbox?.close());

  const provider = () => registry.get(agentId);

  it('lists lean and in full the same applications, normalized once', async () => {
    const [lean, full] = await Promise.all([
      provider().listApplications({ lean: true }),
      provider().listApplications({}),
    ]);
    expect(lean.length).toBeGreaterThan(0);
    expect(lean.map(a => a.key)).toEqual(full.map(a => a.key));
    expect(lean.every(a => a.agentId === agentId)).toBe(true);
    // the lean shape carries no history; the full one does
    expect(lean.every(a => a.history.length === 0)).toBe(true);
    expect(full.some(a => a.history.length > 0)).toBe(true);
    // and both say the same of what runs
    const fullByKey = new Map(full.map(a => [a.key, a]));
    for (const app of lean.filter(a => a.sync.status === 'Synced')) {
      expect(deployedRevision(app).revision).toBe(
        deployedRevision(fullByKey.get(app.key)!).revision,
      );
    }
  });

  it('narrows a list by label selector and by name', async () => {
    const all = await provider().listApplications({ lean: true });
    const target = all.find(a => Object.keys(a.labels).length > 0)!;
    const [key, value] = Object.entries(target.labels)[0];
    const bySelector = await provider().listApplications({
      selector: `${key}=${value}`,
      lean: true,
    });
    expect(bySelector.map(a => a.key)).toContain(target.key);
    expect(bySelector.every(a => a.labels[key] === value)).toBe(true);
    const byName = await provider().listApplications({ name: target.name });
    expect(byName.map(a => a.key)).toEqual([target.key]);
  });

  it('reads one application with its tree, diff, revision metadata and sync windows', async () => {
    const [first] = await provider().listApplications({});
    const ref = {
      name: first.name,
      namespace: first.namespace,
      project: first.project,
    };
    const app = await provider().getApplication(ref);
    expect(app.key).toBe(first.key);
    expect(app.history).toEqual(first.history);

    const tree = await provider().getResourceTree(ref);
    expect(tree.nodes.length).toBeGreaterThan(0);
    const diffs = await provider().getManagedResources(ref);
    expect(Array.isArray(diffs)).toBe(true);
    expect(diffs.length).toBeGreaterThan(0);
    const revision = deployedRevision(app).revision!;
    const metadata = await provider().getRevisionMetadata(ref, revision);
    expect(metadata.revision).toBe(revision);
    expect(Array.isArray(await provider().getSyncWindows(ref))).toBe(true);
    expect((await provider().refresh(ref, 'normal')).key).toBe(app.key);
  });

  it('lists clusters and repositories, and creates and reads an ApplicationSet', async () => {
    const clusters = await provider().listClusters();
    expect(clusters.length).toBeGreaterThan(0);
    expect(clusters.every(c => c.agentId === agentId && c.server)).toBe(true);
    const repositories = await provider().listRepositories();
    expect(repositories.length).toBeGreaterThan(0);
    expect(repositories.every(r => r.agentId === agentId && r.repo)).toBe(true);

    const name = `provider-test-${agentId}`;
    const manifest = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name, namespace: 'argocd' },
      spec: {
        generators: [{ list: { elements: [{ env: 'dev' }] } }],
        template: {
          metadata: { name: `${name}-{{env}}` },
          spec: {
            project: 'default',
            source: {
              repoURL: 'https://git.acme.internal/platform/provider-test.git',
              path: 'deploy/{{env}}',
              targetRevision: 'main',
            },
            destination: { name: clusters[0].name, namespace: 'provider-test' },
          },
        },
      },
    };
    const dry = await provider().createApplicationSet(manifest, {
      upsert: false,
      dryRun: true,
    });
    expect(dry).toMatchObject({ dryRun: true, applicationSet: { name } });
    expect(
      (await provider().listApplicationSets()).map(s => s.name),
    ).not.toContain(name);

    const created = await provider().createApplicationSet(manifest, {
      upsert: false,
      dryRun: false,
    });
    expect(created.applicationSet).toMatchObject({ name, agentId });
    expect((await provider().listApplicationSets()).map(s => s.name)).toContain(
      name,
    );
    expect(await provider().getApplicationSet(name)).toMatchObject({
      name,
      agentId,
    });
    await expect(
      provider().getApplicationSet('no-such-set'),
    ).rejects.toMatchObject({ agentId, statusCode: 404 });
  });

  it('passes a read through with the scoping the API needs', async () => {
    const [first] = await provider().listApplications({ lean: true });
    const appPath =
      agentId === 'harness-eu'
        ? `/gitops/api/v1/agents/euagent/applications/${first.name}`
        : `/api/v1/applications/${first.name}`;
    // the Harness gateway refuses a read without the account's scope
    const answer = await provider().rawGet(appPath, new URLSearchParams());
    expect(answer.status).toBe(200);
  });

  it('syncs and rolls back as a dry run: the agent runs it and deploys nothing', async () => {
    const apps = await provider().listApplications({});
    const manual = apps.find(
      a => !a.syncPolicy.automated && a.history.length > 1,
    );
    const app = manual ?? apps[0];
    const ref = {
      name: app.name,
      namespace: app.namespace,
      project: app.project,
    };
    const synced = await provider().sync(ref, { dryRun: true, prune: false });
    expect(synced.key).toBe(app.key);
    // the agent runs the dry run to its end (bounded), deploying nothing
    let after = await provider().getApplication(ref);
    for (let i = 0; i < 100 && after.operation?.phase === 'Running'; i++) {
      await new Promise(resolve => setTimeout(resolve, 100));
      after = await provider().getApplication(ref);
    }
    expect(after.operation?.phase).not.toBe('Running');
    expect(after.history).toEqual(app.history);

    const entry = app.history[app.history.length - 1];
    const rollback = provider().rollback(ref, {
      id: entry.id,
      dryRun: true,
      prune: false,
    });
    const outcome = await rollback.then(
      rolled => ({ key: rolled.key }),
      error => ({
        agentId: error.agentId,
        statusCode: error.statusCode,
        autoSync: /auto-sync is enabled/.test(error.message),
      }),
    );
    // without a manual application: Argo CD refuses a rollback while
    // auto-sync is on, a conflict the caller can act on (409), in the
    // agent's words
    const refused = { agentId, statusCode: 409, autoSync: true };
    expect(outcome).toEqual(manual ? { key: app.key } : refused);
  });
});

describe('the Argo CD release each agent runs', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ scenarioPath: examples, log: () => {} });
  });
  afterAll(() => sandbox?.close());

  it('is read from the agent: Argo CD its version, Harness its application controller', async () => {
    const registry = sandboxRegistry(sandbox, {
      agentIds: ['argocd-prod', 'harness-eu'],
    });
    const [prod, harness] = await Promise.all([
      registry.get('argocd-prod').getStatus(),
      registry.get('harness-eu').getStatus(),
    ]);
    // examples/fleet.yaml: argocd-prod runs an older Argo CD
    expect(prod).toMatchObject({
      state: 'connected',
      version: 'v2.9.21+6c4a4ee',
      argoCdVersion: 'v2.9.21+6c4a4ee',
    });
    expect(harness.argoCdVersion).toMatch(/^v\d+\.\d+\.\d+/);
    expect(harness.argoCdVersion).not.toBe(harness.version);
  });
});
