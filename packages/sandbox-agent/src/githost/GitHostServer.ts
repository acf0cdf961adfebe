import http, { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http/readBody';
import { GitHost, HostedRepo } from './GitHost';
import { GitHubError, GitHubReply, dispatch, reply } from './githubHttp';
import { answerGraphql, pullRoutes } from './githubPullRoutes';
import { repoRoutes } from './githubRepoRoutes';
import { accountShape, repositoryShape } from './githubShapes';
import { serveSmartHttp } from './smartHttp';
import { answerWeb } from './webPages';

const ROUTES = [...repoRoutes, ...pullRoutes];
const SMART_HTTP = /^\/([^/]+)\/([^/]+?)(?:\.git)?(\/(?:info\/refs|git-upload-pack|git-receive-pack))$/;
const REPO_API = /^\/api\/v3\/repos\/([^/]+)\/([^/]+)(\/.*)?$/;

/** The token a request carries (`token x`, `Bearer x`, or basic auth's password). */
function tokenOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  const m = /^(?:token|bearer)\s+(\S+)$/i.exec(header);
  if (m) return m[1];
  const basic = /^basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':').slice(1).join(':');
  return undefined;
}

/**
 * The HTTP face of the sandbox's git host, laid out like GitHub Enterprise
 * Server: the REST API under `/api/v3`, GraphQL at `/api/graphql`, git's
 * smart HTTP at `/<owner>/<repo>.git`, and web pages at GitHub's paths
 * (webPages.ts): repositories, files and directories on a ref, commits,
 * pull requests and accounts.
 */
export class GitHostServer {
  private readonly server: http.Server;

  constructor(private readonly hostOf: () => GitHost, private readonly token: string, private readonly log: (message: string) => void) {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(error => {
        this.log(`git host: unexpected error: ${(error as Error).stack ?? error}`);
        if (!res.headersSent) this.send(res, reply(500, { message: 'Server Error' }));
        else res.destroy();
      });
    });
  }

  private get host(): GitHost {
    return this.hostOf();
  }

  static listen(server: http.Server, port: number, hostname: string): Promise<number> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, hostname, () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  attach(port: number, hostname: string): Promise<number> {
    return GitHostServer.listen(this.server, port, hostname);
  }

  close(): Promise<void> {
    return new Promise(resolve => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private send(res: ServerResponse, response: GitHubReply, method = 'GET') {
    const body = response.raw ?? (response.json === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(response.json)));
    const headers: Record<string, string> = {
      ...(response.json !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      'x-github-media-type': 'github.v3; format=json',
      'x-oauth-scopes': 'repo, workflow',
      ...(response.headers ?? {}),
      'content-length': String(body.length),
    };
    res.writeHead(response.status, headers);
    res.end(method === 'HEAD' ? undefined : body);
  }

  private html(res: ServerResponse, status: number, body: string, method = 'GET') {
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(bytes.length) });
    res.end(method === 'HEAD' ? undefined : bytes);
  }

  private authorized(req: IncomingMessage): boolean {
    return tokenOf(req) === this.token;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://githost.local');
    const path = url.pathname;
    const method = req.method ?? 'GET';

    const smart = SMART_HTTP.exec(path);
    if (smart) {
      const repo = this.host.find(smart[1], smart[2]);
      const pushing = smart[3] === '/git-receive-pack' || url.searchParams.get('service') === 'git-receive-pack';
      if (!repo) {
        this.send(res, reply(404, { message: 'Repository not found' }));
        return;
      }
      if (pushing && !this.authorized(req)) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="sandbox git host"' });
        res.end();
        return;
      }
      await serveSmartHttp(this.host.root, `/${repo.owner}/${repo.name}.git${smart[3]}`, req, res, pushing ? this.host.accounts.user : undefined);
      if (smart[3] === '/git-receive-pack') this.host.changed(repo);
      return;
    }

    // the sandbox's control API: someone merges a pull request (as its owner on GitHub would)
    const control = /^\/_sandbox\/pull-requests\/([^/]+)\/([^/]+)\/(\d+)\/merge$/.exec(path);
    if (control && method === 'POST') {
      const repo = this.host.find(decodeURIComponent(control[1]), decodeURIComponent(control[2]));
      const pull = repo?.pulls.find(p => p.number === Number(control[3]));
      if (!repo || !pull) {
        this.send(res, reply(404, { message: `no pull request #${control[3]} on ${control[1]}/${control[2]}` }));
        return;
      }
      const result = this.host.merge(repo, pull);
      this.send(res, 'refused' in result ? reply(409, { message: `cannot merge: ${result.refused}` }) : reply(200, { merged: true, sha: result.sha }));
      return;
    }

    if (path.startsWith('/api/')) {
      let response: GitHubReply;
      try {
        if (tokenOf(req) !== undefined && !this.authorized(req)) throw new GitHubError(401, 'Bad credentials');
        if (method !== 'GET' && method !== 'HEAD' && !this.authorized(req)) throw new GitHubError(401, 'Requires authentication');
        const raw = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
        let body: Record<string, any> = {};
        if (raw) {
          try {
            body = JSON.parse(raw);
          } catch {
            throw new GitHubError(400, 'Problems parsing JSON');
          }
        }
        response = await this.api(method, path, url.searchParams, req, body);
      } catch (error) {
        if (!(error instanceof GitHubError)) throw error;
        response = reply(error.status, {
          message: error.message,
          ...(error.errors ? { errors: error.errors } : {}),
          documentation_url: 'https://docs.github.com/rest',
          status: String(error.status),
        });
      }
      this.send(res, response, method);
      return;
    }

    // the web pages: repositories, files and directories on a ref, commits, pull requests, accounts
    const page = answerWeb(this.host, path);
    if (page.html !== undefined) this.html(res, page.status, page.html, method);
    else this.send(res, { status: page.status, raw: page.raw, headers: page.headers }, method);
  }

  private api(method: string, path: string, query: URLSearchParams, req: IncomingMessage, body: Record<string, any>): GitHubReply | Promise<GitHubReply> {
    const host = this.host;
    const login = host.accounts.user;
    if (path === '/api/graphql' && method === 'POST') return reply(200, answerGraphql(host, body));
    if (path === '/api/v3/user' && method === 'GET') return reply(200, accountShape(host, login));
    const user = /^\/api\/v3\/(?:users|orgs)\/([^/]+)$/.exec(path);
    if (user && method === 'GET') {
      if (!host.isKnownAccount(user[1])) throw new GitHubError(404, 'Not Found');
      return reply(200, accountShape(host, user[1]));
    }
    const create = /^\/api\/v3\/(?:orgs\/([^/]+)|user)\/repos$/.exec(path);
    if (create && method === 'POST') return this.createRepo(create[1] ?? login, body);
    const m = REPO_API.exec(path);
    if (!m) throw new GitHubError(404, 'Not Found');
    const repo = host.find(decodeURIComponent(m[1]), decodeURIComponent(m[2]));
    if (!repo) throw new GitHubError(404, 'Not Found');
    return dispatch(ROUTES, { method, path: m[3] ?? '', query, headers: req.headers, body, repo, host, login });
  }

  private async createRepo(owner: string, body: Record<string, any>): Promise<GitHubReply> {
    const name = typeof body.name === 'string' ? body.name : '';
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
      throw new GitHubError(422, 'Repository creation failed.', [{ resource: 'Repository', code: 'custom', field: 'name', message: 'name is invalid' }]);
    }
    if (this.host.find(owner, name)) {
      throw new GitHubError(422, 'Repository creation failed.', [{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }]);
    }
    if (!this.host.isKnownAccount(owner)) this.host.addOrganization(owner);
    const repo: HostedRepo = await this.host.create({
      owner,
      name,
      description: typeof body.description === 'string' ? body.description : null,
      private: Boolean(body.private),
    });
    this.host.changed(repo);
    return reply(201, repositoryShape(this.host, repo));
  }
}
