import { startSandbox, Sandbox } from '../startSandbox';
import { argoClient } from '../testing/testClients';

jest.setTimeout(60_000);

/*
 * The git host's web pages answer every address the host itself hands out:
 * the web addresses in its REST answers (html_url, _links.html, diff_url,
 * download_url, ...), every link of the pages those lead to, and the commit
 * of every revision an application's history names (as the portal links
 * it: the repository's page and /commit/<sha>). Derived from what the host
 * and the agent answer, not from a list of paths.
 */
describe('git host: web pages', () => {
  let sandbox: Sandbox;
  const gitHost = () => sandbox.gitHost!;
  const rest = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${gitHost().apiBaseUrl}${path}`, {
      method,
      headers: { authorization: `token ${gitHost().token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect({ path, ok: res.ok }).toEqual({ path, ok: true });
    return res.json();
  };

  /** Every string of a JSON answer that is an address on the host's web (not its API, not a URI template). */
  const webAddresses = (value: unknown, found = new Set<string>()): Set<string> => {
    if (typeof value === 'string') {
      if (value.startsWith(`${gitHost().baseUrl}/`) && !value.startsWith(`${gitHost().baseUrl}/api/`) && !value.includes('{')) found.add(value);
    } else if (Array.isArray(value)) {
      value.forEach(v => webAddresses(v, found));
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(v => webAddresses(v, found));
    }
    return found;
  };

  /** The links of a page that stay on the host. */
  const linksOf = (html: string): string[] =>
    [...html.matchAll(/href="([^"]*)"/g)]
      .map(m => m[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>'))
      .map(h => new URL(h, gitHost().baseUrl).toString())
      .filter(h => h.startsWith(`${gitHost().baseUrl}/`));

  beforeAll(async () => {
    sandbox = await startSandbox({
      log: () => {},
      gitHost: true,
      scenario: {
        seed: 'git-host-web-pages',
        environments: [
          { name: 'dev', cluster: 'in-cluster', namespace: '{service}-dev' },
          { name: 'prod', cluster: 'in-cluster', namespace: '{service}-prod' },
        ],
        services: [{ name: 'shop', repo: 'https://github.com/acme/shop-deploy.git', commits: 4 }],
        agents: [{ id: 'argo', kind: 'argocd', token: 'argo-token-123' }],
      },
    });
    // a branch whose name has a slash, a file whose name and content are markup, and a pull request from it
    const repo = '/repos/acme/shop-deploy';
    const main = await rest('GET', `${repo}/branches/main`);
    const tree = await rest('POST', `${repo}/git/trees`, {
      base_tree: main.commit.commit.tree.sha,
      tree: [{ path: 'docs/<notes> & "more" #1.md', mode: '100644', content: '<script>alert("x")</script>\n' }],
    });
    const commit = await rest('POST', `${repo}/git/commits`, { message: 'Notes <b>bold</b>\n\nWith a body & more.', tree: tree.sha, parents: [main.commit.sha] });
    await rest('POST', `${repo}/git/refs`, { ref: 'refs/heads/feature/notes', sha: commit.sha });
    await rest('POST', `${repo}/pulls`, { title: 'Add notes', head: 'feature/notes', base: 'main' });
  });
  afterAll(() => sandbox?.close());

  it('answers every web address of its REST answers, and every link of the pages they lead to', async () => {
    const repo = '/repos/acme/shop-deploy';
    const answers = [
      await rest('GET', repo),
      await rest('GET', `${repo}/branches/main`),
      await rest('GET', `${repo}/branches/feature%2Fnotes`),
      await rest('GET', `${repo}/commits?sha=feature/notes&per_page=100`),
      await rest('GET', `${repo}/contents/?ref=main`),
      await rest('GET', `${repo}/contents/docs?ref=feature/notes`),
      await rest('GET', `${repo}/contents/deploy/overlays/dev/kustomization.yaml?ref=main`),
      await rest('GET', `${repo}/pulls?state=all`),
      await rest('GET', `${repo}/pulls/1`),
      await rest('GET', '/users/acme'),
      await rest('GET', '/user'),
    ];
    const fromApi = new Set<string>();
    answers.forEach(a => webAddresses(a, fromApi));
    // the kinds of address the host hands out, each at least once
    const paths = [...fromApi].map(u => new URL(u).pathname);
    const kinds = [/^\/acme\/shop-deploy$/, /\/tree\/main$/, /\/tree\/main\/deploy$/, /\/blob\/main\/deploy\/overlays\/dev\/kustomization\.yaml$/, /\/blob\/feature\/notes\/docs\//, /\/commit\/[0-9a-f]{40}$/, /\/raw\/[0-9a-f]{40}\//, /\/pull\/1$/, /\/pull\/1\.diff$/, /\/pull\/1\.patch$/, /^\/acme$/, /^\/acme\.png$/];
    expect(kinds.filter(kind => !paths.some(p => kind.test(p))).map(String)).toEqual([]);

    // breadth first from those and from the front page, every page on the host once
    const queue = [`${gitHost().baseUrl}/`, ...fromApi];
    const seen = new Set(queue);
    const failed: string[] = [];
    while (queue.length && seen.size < 600) {
      const url = queue.shift()!;
      const res = await fetch(url);
      if (res.status !== 200) failed.push(`${res.status} ${url}`);
      if (!String(res.headers.get('content-type')).startsWith('text/html')) continue;
      for (const next of linksOf(await res.text())) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect(failed).toEqual([]);
    expect(queue).toEqual([]);
    // the crawl reached the commits, files and directories of both branches
    const crawled = [...seen].map(u => decodeURIComponent(new URL(u).pathname));
    expect(crawled).toEqual(expect.arrayContaining(['/acme/shop-deploy/commits/main', '/acme/shop-deploy/tree/feature/notes/docs', '/acme/shop-deploy/blob/feature/notes/docs/<notes> & "more" #1.md']));
    expect(crawled.filter(p => p.includes('/commit/')).length).toBeGreaterThanOrEqual(5);
  });

  it('links the commit of every revision in the applications’ history', async () => {
    const res = await argoClient(sandbox.agent('argo')).get('/api/v1/applications');
    const revisions = (res.json.items as any[]).flatMap(app => [
      ...(app.status?.history ?? []).map((h: any) => ({ repoURL: h.source?.repoURL ?? app.spec.source.repoURL, revision: h.revision })),
      { repoURL: app.spec.source.repoURL, revision: app.status?.sync?.revision },
    ]);
    const onHost = revisions.filter(r => r.revision && String(r.repoURL).startsWith(gitHost().baseUrl));
    expect(onHost.length).toBeGreaterThan(2);
    for (const { repoURL, revision } of onHost) {
      // the portal's commit link: the repository's page, /commit/, the revision
      const url = `${String(repoURL).replace(/\.git$/, '')}/commit/${revision}`;
      const page = await fetch(url);
      expect({ url, status: page.status }).toEqual({ url, status: 200 });
      expect(await page.text()).toContain(`<code data-testid="commit-sha">${revision}</code>`);
    }
  });

  it('shows a file at a path on a branch, a directory, a commit and its changes, escaped', async () => {
    const base = `${gitHost().baseUrl}/acme/shop-deploy`;
    const file = await fetch(`${base}/blob/feature/notes/docs/${encodeURIComponent('<notes> & "more" #1.md')}`);
    expect(file.status).toBe(200);
    const fileHtml = await file.text();
    expect(fileHtml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(fileHtml).not.toContain('<script>');
    expect(fileHtml).not.toContain('<notes>');
    expect(fileHtml).toContain('&lt;notes&gt; &amp; &quot;more&quot; #1.md');

    const dir = await (await fetch(`${base}/tree/main/deploy/overlays`)).text();
    expect(dir).toContain(`href="${base}/tree/main/deploy/overlays/dev"`);
    // a file under /tree/ (the catalog's location of a catalog-info.yaml) shows the file
    const overlay = await fetch(`${base}/tree/main/deploy/overlays/dev/kustomization.yaml`);
    expect(overlay.status).toBe(200);
    expect(await overlay.text()).toContain('kind: Kustomization');
    // an editor link shows the file read-only
    expect(await (await fetch(`${base}/edit/main/deploy/overlays/dev/kustomization.yaml`)).text()).toContain('data-testid="read-only"');

    const head = (await rest('GET', '/repos/acme/shop-deploy/branches/feature%2Fnotes')).commit.sha as string;
    for (const named of [head, head.slice(0, 7)]) {
      const commit = await fetch(`${base}/commit/${named}`);
      expect(commit.status).toBe(200);
      const commitHtml = await commit.text();
      expect(commitHtml).toContain('<h1>Notes &lt;b&gt;bold&lt;/b&gt;</h1>');
      expect(commitHtml).toContain('With a body &amp; more.');
      expect(commitHtml).toContain('+&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    }
    const raw = await fetch(`${base}/raw/feature/notes/docs/${encodeURIComponent('<notes> & "more" #1.md')}`);
    expect(await raw.text()).toBe('<script>alert("x")</script>\n');
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('answers 404 for what is not there', async () => {
    const base = `${gitHost().baseUrl}/acme/shop-deploy`;
    for (const path of ['/blob/main/no/such/file', '/tree/no-such-branch', '/blob/main/../secrets', '/commit/0000000', '/commit/--help', '/commit/feature', '/pull/99', '/pull/1.zip', '/commits/no-such-branch']) {
      const res = await fetch(`${base}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect((await fetch(`${gitHost().baseUrl}/nobody`)).status).toBe(404);
    expect((await fetch(`${gitHost().baseUrl}/acme/nothing`)).status).toBe(404);
  });
});
