import { startSandbox, Sandbox } from '../startSandbox';
import { GitHubContract, githubContract } from '../testing/githubOpenApi';

jest.setTimeout(60_000);

/*
 * The git host's REST answers, call by call as Backstage's GitHub actions,
 * its URL reader and Octokit make them, checked against GitHub's own
 * OpenAPI description (not against this emulator).
 */
describe('git host REST API against GitHub’s OpenAPI', () => {
  let sandbox: Sandbox;
  let contract: GitHubContract;
  let api: string;
  let headers: Record<string, string>;

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
  };
  /** Calls, expects the status, and checks the body against the documented response. */
  const checked = async (method: string, template: string, path: string, status: number, body?: unknown) => {
    const res = await call(method, path, body);
    expect({ path, status: res.status }).toEqual({ path, status });
    expect(contract.errors(method, template, status, res.body)).toEqual([]);
    return res.body;
  };

  beforeAll(async () => {
    contract = githubContract();
    sandbox = await startSandbox({
      log: () => {},
      gitHost: true,
      scenario: {
        seed: 'git-host-contract',
        environments: [{ name: 'dev', cluster: 'in-cluster', namespace: '{service}-dev' }],
        services: [{ name: 'shop', repo: 'https://github.com/acme/shop-deploy.git', commits: 3 }],
        agents: [{ id: 'argo', kind: 'argocd', token: 'argo-token-123' }],
      },
    });
    api = sandbox.gitHost!.apiBaseUrl;
    headers = { authorization: `token ${sandbox.gitHost!.token}`, accept: 'application/vnd.github+json' };
  });
  afterAll(() => sandbox?.close());

  it('answers the repository, branch, commit and contents reads', async () => {
    const R = '/repos/{owner}/{repo}';
    const repo = await checked('GET', R, '/repos/acme/shop-deploy', 200);
    expect(repo).toMatchObject({ full_name: 'acme/shop-deploy', default_branch: 'main', permissions: { push: true } });
    await checked('GET', '/user', '/user', 200);
    await checked('GET', '/users/{username}', '/users/acme', 200);
    await checked('GET', `${R}/branches/{branch}`, '/repos/acme/shop-deploy/branches/main', 200);
    const ref = await checked('GET', `${R}/git/ref/{ref}`, '/repos/acme/shop-deploy/git/ref/heads/main', 200);
    const commits = await checked('GET', `${R}/commits`, '/repos/acme/shop-deploy/commits?sha=main&per_page=1', 200);
    expect(commits[0].sha).toBe(ref.object.sha);
    await checked('GET', `${R}/commits/{ref}`, '/repos/acme/shop-deploy/commits/main', 200);
    const status = await checked('GET', `${R}/commits/{ref}/status`, '/repos/acme/shop-deploy/commits/main/status', 200);
    expect(status.sha).toBe(ref.object.sha);
    await checked('GET', `${R}/git/commits/{commit_sha}`, `/repos/acme/shop-deploy/git/commits/${ref.object.sha}`, 200);
    await checked('GET', `${R}/git/trees/{tree_sha}`, `/repos/acme/shop-deploy/git/trees/${commits[0].commit.tree.sha}?recursive=1`, 200);
    await checked('GET', `${R}/contents/{path}`, '/repos/acme/shop-deploy/contents/deploy/overlays/dev/kustomization.yaml?ref=main', 200);
    await checked('GET', `${R}/contents/{path}`, '/repos/acme/shop-deploy/contents/deploy?ref=main', 200);
    await checked('GET', `${R}/git/matching-refs/{ref}`, '/repos/acme/shop-deploy/git/matching-refs/tags/v', 200);
    await checked('GET', R, '/repos/acme/nothing-here', 404);
  });

  it('answers the git data writes and the pull request life cycle', async () => {
    const R = '/repos/{owner}/{repo}';
    const head = (await call('GET', '/repos/acme/shop-deploy/commits/main')).body;
    const blob = await checked('POST', `${R}/git/blobs`, '/repos/acme/shop-deploy/git/blobs', 201, { content: Buffer.from('hello\n').toString('base64'), encoding: 'base64' });
    await checked('GET', `${R}/git/blobs/{file_sha}`, `/repos/acme/shop-deploy/git/blobs/${blob.sha}`, 200);
    const tree = await checked('POST', `${R}/git/trees`, '/repos/acme/shop-deploy/git/trees', 201, {
      base_tree: head.commit.tree.sha,
      tree: [
        { path: 'docs/hello.txt', mode: '100644', sha: blob.sha },
        { path: 'README.md', mode: '100644', sha: null },
      ],
    });
    const commit = await checked('POST', `${R}/git/commits`, '/repos/acme/shop-deploy/git/commits', 201, {
      message: 'docs: hello',
      tree: tree.sha,
      parents: [head.sha],
      author: { name: 'Scaffolder', email: 'scaffolder@backstage.io' },
    });
    await checked('POST', `${R}/git/refs`, '/repos/acme/shop-deploy/git/refs', 201, { ref: 'refs/heads/docs', sha: commit.sha });
    await checked('PATCH', `${R}/git/refs/{ref}`, '/repos/acme/shop-deploy/git/refs/heads/docs', 200, { sha: commit.sha, force: true });
    await checked('POST', `${R}/git/refs`, '/repos/acme/shop-deploy/git/refs', 422, { ref: 'refs/heads/docs', sha: commit.sha });

    const pull = await checked('POST', `${R}/pulls`, '/repos/acme/shop-deploy/pulls', 201, { title: 'Docs', head: 'acme:docs', base: 'main', body: 'hello' });
    expect(pull).toMatchObject({ number: 1, state: 'open', head: { ref: 'docs', sha: commit.sha }, html_url: `${sandbox.gitHost!.baseUrl}/acme/shop-deploy/pull/1` });
    const open = await checked('GET', `${R}/pulls`, '/repos/acme/shop-deploy/pulls?state=open&head=acme:docs', 200);
    expect(open.map((p: { number: number }) => p.number)).toEqual([1]);
    await checked('GET', `${R}/pulls/{pull_number}`, '/repos/acme/shop-deploy/pulls/1', 200);
    const merged = await checked('PUT', `${R}/pulls/{pull_number}/merge`, '/repos/acme/shop-deploy/pulls/1/merge', 200, {});
    expect(merged.merged).toBe(true);
    await checked('PUT', `${R}/pulls/{pull_number}/merge`, '/repos/acme/shop-deploy/pulls/1/merge', 405, {});
    const after = await checked('GET', `${R}/pulls/{pull_number}`, '/repos/acme/shop-deploy/pulls/1', 200);
    expect(after).toMatchObject({ state: 'closed', merged: true, merge_commit_sha: merged.sha });
    expect((await call('GET', '/repos/acme/shop-deploy/commits/main')).body.parents.map((p: { sha: string }) => p.sha)).toEqual([head.sha, commit.sha]);

    const created = await checked('POST', '/orgs/{org}/repos', '/orgs/acme/repos', 201, { name: 'orders-deploy', private: false });
    expect(created.clone_url).toBe(`${sandbox.gitHost!.baseUrl}/acme/orders-deploy.git`);
  });

  it('refuses writes without the token', async () => {
    const res = await fetch(`${api}/repos/acme/shop-deploy/git/blobs`, { method: 'POST', body: '{"content":"x"}' });
    expect(res.status).toBe(401);
    expect(contract.errors('POST', '/repos/{owner}/{repo}/git/blobs', 404, await res.json())).toEqual([]);
  });
});
