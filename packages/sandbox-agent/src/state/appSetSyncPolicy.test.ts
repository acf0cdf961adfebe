import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { argoClient } from '../testing/testClients';

/*
 * The ApplicationSet controller's applicationsSync policies, deletion and
 * ignoreApplicationDifferences, as applicationset_controller.go and
 * utils/createOrUpdate.go behave, over the sandbox's Argo CD API.
 */
let sandbox: Sandbox;
let argo: SandboxAgentInfo;

beforeEach(async () => {
  sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
  argo = sandbox.agent('argo');
});
afterEach(() => sandbox.close());

const appSet = (options: { elements: string[]; revision?: string; spec?: object; metadata?: object }) => ({
  metadata: { name: 'tools', ...(options.metadata ?? {}) },
  spec: {
    generators: [{ list: { elements: options.elements.map(name => ({ name })) } }],
    template: {
      metadata: { name: 'tools-{{name}}' },
      spec: {
        project: 'shop',
        source: { repoURL: 'https://github.com/acme/tools.git', path: '{{name}}', targetRevision: options.revision ?? 'main' },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'tools' },
      },
    },
    ...(options.spec ?? {}),
  },
});

const owned = async () => {
  const list = await argoClient(argo).get('/api/v1/applications');
  return (list.json.items as any[])
    .filter(a => (a.metadata.ownerReferences ?? []).some((o: any) => o.name === 'tools'))
    .map(a => a.metadata.name)
    .sort();
};
const app = async (name: string) => (await argoClient(argo).get(`/api/v1/applications/${name}`)).json;

describe('applicationsSync', () => {
  it('create-only creates new Applications but neither updates nor deletes them', async () => {
    const client = argoClient(argo);
    const policy = { syncPolicy: { applicationsSync: 'create-only' } };
    await client.post('/api/v1/applicationsets', appSet({ elements: ['a', 'b'], spec: policy }));
    const upserted = await client.post('/api/v1/applicationsets?upsert=true', appSet({ elements: ['a', 'c'], revision: 'v2', spec: policy }));
    expect(upserted.status).toBe(200);
    expect(await owned()).toEqual(['tools-a', 'tools-b', 'tools-c']);
    expect((await app('tools-a')).spec.source.targetRevision).toBe('main');
  });

  it('create-update updates but keeps Applications the generators no longer produce', async () => {
    const client = argoClient(argo);
    const policy = { syncPolicy: { applicationsSync: 'create-update' } };
    await client.post('/api/v1/applicationsets', appSet({ elements: ['a', 'b'], spec: policy }));
    await client.post('/api/v1/applicationsets?upsert=true', appSet({ elements: ['a'], revision: 'v2', spec: policy }));
    expect(await owned()).toEqual(['tools-a', 'tools-b']);
    expect((await app('tools-a')).spec.source.targetRevision).toBe('v2');
  });

  it('create-delete deletes what is no longer generated but never updates', async () => {
    const client = argoClient(argo);
    const policy = { syncPolicy: { applicationsSync: 'create-delete' } };
    await client.post('/api/v1/applicationsets', appSet({ elements: ['a', 'b'], spec: policy }));
    await client.post('/api/v1/applicationsets?upsert=true', appSet({ elements: ['a', 'c'], revision: 'v2', spec: policy }));
    expect(await owned()).toEqual(['tools-a', 'tools-c']);
    expect((await app('tools-a')).spec.source.targetRevision).toBe('main');
    expect((await app('tools-c')).spec.source.targetRevision).toBe('v2');
  });

  it('sync (the default) deletes what is no longer generated', async () => {
    const client = argoClient(argo);
    await client.post('/api/v1/applicationsets', appSet({ elements: ['a', 'b'] }));
    await client.post('/api/v1/applicationsets?upsert=true', appSet({ elements: ['a'] }));
    expect(await owned()).toEqual(['tools-a']);
  });
});

describe('deleting an ApplicationSet', () => {
  it('deletes its Applications (garbage collection of owned objects)', async () => {
    const client = argoClient(argo);
    await client.post('/api/v1/applicationsets', appSet({ elements: ['a'], spec: { syncPolicy: { applicationsSync: 'create-only' } } }));
    expect((await client.delete('/api/v1/applicationsets/tools')).status).toBe(200);
    expect((await client.get('/api/v1/applications/tools-a')).status).toBe(404);
  });

  it('with the resources finalizer and a policy that forbids deletion, orphans them instead', async () => {
    const client = argoClient(argo);
    await client.post(
      '/api/v1/applicationsets',
      appSet({
        elements: ['a'],
        spec: { syncPolicy: { applicationsSync: 'create-update' } },
        metadata: { finalizers: ['resources-finalizer.argocd.argoproj.io'] },
      }),
    );
    expect((await client.delete('/api/v1/applicationsets/tools')).status).toBe(200);
    const orphan = await app('tools-a');
    expect(orphan.metadata.name).toBe('tools-a');
    expect(orphan.metadata.ownerReferences ?? []).toEqual([]);
  });
});

describe('ignoreApplicationDifferences', () => {
  it('keeps the live value of an ignored field when the set is updated', async () => {
    const client = argoClient(argo);
    const ignore = { ignoreApplicationDifferences: [{ jsonPointers: ['/spec/source/targetRevision'] }] };
    await client.post('/api/v1/applicationsets', appSet({ elements: ['a'], spec: ignore }));
    const changed = await client.post(
      '/api/v1/applicationsets?upsert=true',
      appSet({ elements: ['a'], revision: 'v9', spec: { ...ignore, goTemplateOptions: ['missingkey=error'] } }),
    );
    expect(changed.status).toBe(200);
    expect((await app('tools-a')).spec.source.targetRevision).toBe('main');

    await client.post('/api/v1/applicationsets?upsert=true', appSet({ elements: ['a'], revision: 'v9' }));
    expect((await app('tools-a')).spec.source.targetRevision).toBe('v9');
  });
});
