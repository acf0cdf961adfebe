import { startSandbox, Sandbox } from '../startSandbox';
import { argoClient } from '../testing/testClients';

jest.setTimeout(60_000);

/*
 * A repository created on the git host after start (as a template's
 * publish:github creates one) is deployed like a seeded one: each
 * application runs the image tag its overlay's kustomization sets, and a
 * commit changing one overlay's tag changes that environment alone.
 */
describe('git host: a repository published after start', () => {
  let sandbox: Sandbox;
  const api = () => {
    const { apiBaseUrl, token } = sandbox.gitHost!;
    return async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${apiBaseUrl}${path}`, {
        method,
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect({ path, ok: res.ok }).toEqual({ path, ok: true });
      return res.json();
    };
  };
  const overlay = (environment: string, tag: string) => ({
    path: `deploy/overlays/${environment}/kustomization.yaml`,
    mode: '100644',
    content: [
      'apiVersion: kustomize.config.k8s.io/v1beta1',
      'kind: Kustomization',
      'resources: [../../base]',
      'images:',
      '  - name: ghcr.io/acme/orders',
      `    newTag: ${tag}`,
      '',
    ].join('\n'),
  });

  beforeAll(async () => {
    sandbox = await startSandbox({
      log: () => {},
      gitHost: true,
      scenario: {
        seed: 'git-host-published-repository',
        environments: [{ name: 'dev', cluster: 'in-cluster', namespace: '{service}-dev' }],
        services: [{ name: 'shop', repo: 'https://github.com/acme/shop-deploy.git', commits: 3 }],
        agents: [{ id: 'argo', kind: 'argocd', token: 'argo-token-123' }],
      },
    });
  });
  afterAll(() => sandbox?.close());

  /** The images orders' applications run, by name, once both are synced and `settled` holds. */
  const images = async (settled: (byApp: Record<string, string[]>) => boolean) => {
    const argo = argoClient(sandbox.agent('argo'));
    for (;;) {
      const res = await argo.get(`/api/v1/applications?selector=${encodeURIComponent('gitops/service=orders')}`);
      const apps = (res.json.items ?? []) as any[];
      const byApp: Record<string, string[]> = Object.fromEntries(
        apps.map(app => [app.metadata.name, app.status?.summary?.images ?? []]),
      );
      const synced = apps.every(
        app => app.status?.sync?.status === 'Synced' && app.status?.operationState?.phase === 'Succeeded',
      );
      if (synced && settled(byApp)) return byApp;
      await new Promise(resolve => setTimeout(resolve, 200));
    }
  };

  it('deploys each overlay at its own image tag, and follows a commit to one overlay', async () => {
    const rest = api();
    await rest('POST', '/user/repos', { name: 'orders', private: false });
    const repo = (path: string) => `/repos/${sandbox.gitHost!.user}/orders${path}`;
    const tree = await rest('POST', repo('/git/trees'), { tree: [overlay('dev', '0.1.0'), overlay('prod', '0.1.0')] });
    const first = await rest('POST', repo('/git/commits'), { message: 'Create orders', tree: tree.sha, parents: [] });
    await rest('POST', repo('/git/refs'), { ref: 'refs/heads/main', sha: first.sha });

    const cloneUrl = `${sandbox.gitHost!.baseUrl}/${sandbox.gitHost!.user}/orders.git`;
    const created = await argoClient(sandbox.agent('argo')).post('/api/v1/applicationsets', {
      metadata: { name: 'orders' },
      spec: {
        generators: [{ list: { elements: [{ environment: 'dev' }, { environment: 'prod' }] } }],
        template: {
          metadata: { name: 'orders-{{environment}}', labels: { 'gitops/service': 'orders' } },
          spec: {
            project: 'default',
            source: { repoURL: cloneUrl, targetRevision: 'main', path: 'deploy/overlays/{{environment}}' },
            destination: { server: 'https://kubernetes.default.svc', namespace: 'orders-{{environment}}' },
            syncPolicy: { automated: { prune: true, selfHeal: true } },
          },
        },
      },
    });
    expect(created.status).toBe(200);
    const deployed = (byApp: Record<string, string[]>, dev: string, prod: string) =>
      byApp['orders-dev']?.includes(`ghcr.io/acme/orders:${dev}`) &&
      byApp['orders-prod']?.includes(`ghcr.io/acme/orders:${prod}`);
    await images(byApp => Boolean(deployed(byApp, '0.1.0', '0.1.0')));

    // a release reaches dev: its overlay alone changes tag
    const next = await rest('POST', repo('/git/trees'), { base_tree: tree.sha, tree: [overlay('dev', '0.2.0')] });
    const second = await rest('POST', repo('/git/commits'), { message: 'Release 0.2.0 to dev', tree: next.sha, parents: [first.sha] });
    await rest('PATCH', repo('/git/refs/heads/main'), { sha: second.sha });
    const after = await images(byApp => Boolean(deployed(byApp, '0.2.0', '0.1.0')));
    expect(after).toEqual({
      'orders-dev': ['ghcr.io/acme/orders:0.2.0'],
      'orders-prod': ['ghcr.io/acme/orders:0.1.0'],
    });
  });
});
