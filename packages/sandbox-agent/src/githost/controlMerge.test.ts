import { startSandbox, Sandbox } from '../startSandbox';

jest.setTimeout(60_000);

/*
 * The sandbox's control API merges a pull request on the git host as its
 * owner would on GitHub; the agent's applications of that repository then
 * compare against the merge commit.
 */
describe('git host control API: merge', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({
      log: () => {},
      gitHost: true,
      scenario: {
        seed: 'git-host-control-merge',
        environments: [
          {
            name: 'dev',
            cluster: 'in-cluster',
            namespace: '{service}-dev',
            syncPolicy: 'manual',
          },
        ],
        services: [
          {
            name: 'shop',
            repo: 'https://github.com/acme/shop-deploy.git',
            commits: 3,
          },
        ],
        agents: [{ id: 'argo', kind: 'argocd', token: 'argo-token-123' }],
      },
    });
  });
  afterAll(() => sandbox?.close());

  it('merges, moves the branch the agent reads, and refuses a second merge', async () => {
    const { apiBaseUrl, baseUrl, token } = sandbox.gitHost!;
    const rest = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${apiBaseUrl}/repos/acme/shop-deploy${path}`, {
        method,
        headers: {
          authorization: `token ${token}`,
          'content-type': 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.json();
    };
    const [head] = await rest('GET', '/commits?per_page=1');
    const tree = await rest('POST', '/git/trees', {
      base_tree: head.commit.tree.sha,
      tree: [{ path: 'NOTE.md', mode: '100644', content: 'hi\n' }],
    });
    const commit = await rest('POST', '/git/commits', {
      message: 'note',
      tree: tree.sha,
      parents: [head.sha],
    });
    await rest('POST', '/git/refs', {
      ref: 'refs/heads/promote-dev-1',
      sha: commit.sha,
    });
    const pull = await rest('POST', '/pulls', {
      title: 'Promote',
      head: 'promote-dev-1',
      base: 'main',
    });

    const merge = () =>
      fetch(
        `${baseUrl}/_sandbox/pull-requests/acme/shop-deploy/${pull.number}/merge`,
        { method: 'POST' },
      );
    const first = await merge();
    expect(first.status).toBe(200);
    const { sha } = await first.json();
    expect((await rest('GET', '/branches/main')).commit.sha).toBe(sha);
    expect(await rest('GET', `/pulls/${pull.number}`)).toMatchObject({
      state: 'closed',
      merged: true,
      merge_commit_sha: sha,
    });

    const app = await fetch(
      `${sandbox.agent('argo').url}/api/v1/applications/shop-dev`,
      {
        headers: { authorization: 'Bearer argo-token-123' },
      },
    ).then(r => r.json());
    // the agent compares against the merge commit; a commit that renders
    // nothing new (a note) leaves the application in sync, as in Argo CD
    expect(app.status.sync).toMatchObject({
      status: 'Synced',
      revision: sha,
    });

    expect((await merge()).status).toBe(409);
    expect(
      (
        await fetch(
          `${baseUrl}/_sandbox/pull-requests/acme/shop-deploy/99/merge`,
          { method: 'POST' },
        )
      ).status,
    ).toBe(404);
  });
  it("lists a pull request's changed files as GitHub does, paged, before and after the merge", async () => {
    const { apiBaseUrl, baseUrl, token } = sandbox.gitHost!;
    const rest = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${apiBaseUrl}/repos/acme/shop-deploy${path}`, {
        method,
        headers: {
          authorization: `token ${token}`,
          'content-type': 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() };
    };
    const {
      body: [head],
    } = await rest('GET', '/commits?per_page=1');
    const entries: Array<{ path: string }> = (
      await rest('GET', `/git/trees/${head.commit.tree.sha}?recursive=1`)
    ).body.tree;
    const existing = entries.find(e =>
      e.path.endsWith('kustomization.yaml'),
    )!.path;
    const tree = await rest('POST', '/git/trees', {
      base_tree: head.commit.tree.sha,
      tree: [
        {
          path: 'deploy/overlays/dev/extra.yaml',
          mode: '100644',
          content: 'kind: ConfigMap\n',
        },
        { path: existing, mode: '100644', content: 'resources: []\n' },
      ],
    });
    const commit = await rest('POST', '/git/commits', {
      message: 'files',
      tree: tree.body.sha,
      parents: [head.sha],
    });
    await rest('POST', '/git/refs', {
      ref: 'refs/heads/promote-dev-files',
      sha: commit.body.sha,
    });
    const pull = (
      await rest('POST', '/pulls', {
        title: 'Files',
        head: 'promote-dev-files',
        base: 'main',
      })
    ).body;

    const open = await rest('GET', `/pulls/${pull.number}/files?per_page=100`);
    expect(open.status).toBe(200);
    expect(
      open.body
        .map((f: { filename: string; status: string }) => [
          f.filename,
          f.status,
        ])
        .sort(),
    ).toEqual(
      [
        ['deploy/overlays/dev/extra.yaml', 'added'],
        [existing, 'modified'],
      ].sort(),
    );
    expect(
      (await rest('GET', `/pulls/${pull.number}/files?per_page=1&page=2`)).body,
    ).toHaveLength(1);

    expect(
      (
        await fetch(
          `${baseUrl}/_sandbox/pull-requests/acme/shop-deploy/${pull.number}/merge`,
          { method: 'POST' },
        )
      ).status,
    ).toBe(200);
    const merged = await rest('GET', `/pulls/${pull.number}/files`);
    expect(
      merged.body.map((f: { filename: string }) => f.filename).sort(),
    ).toEqual(['deploy/overlays/dev/extra.yaml', existing].sort());
    expect((await rest('GET', '/pulls/999/files')).status).toBe(404);
  });
});
