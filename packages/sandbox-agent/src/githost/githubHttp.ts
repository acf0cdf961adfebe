import type { IncomingHttpHeaders } from 'node:http';
import { GitHost, HostedRepo } from './GitHost';

/** A request to one repository's REST API, after the host resolved the repository. */
export interface RepoRequest {
  method: string;
  /** The path after `/repos/{owner}/{repo}`, e.g. `/git/refs/heads/main`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Record<string, any>;
  repo: HostedRepo;
  host: GitHost;
  /** The login of the token's user. */
  login: string;
}

export interface GitHubReply {
  status: number;
  json?: unknown;
  raw?: Buffer;
  headers?: Record<string, string>;
}

/** An error as GitHub answers it: a status and `{ message, documentation_url }`. */
export class GitHubError extends Error {
  constructor(readonly status: number, message: string, readonly errors?: unknown[]) {
    super(message);
  }
}

export type RepoRoute = [method: string, pattern: RegExp, handler: (req: RepoRequest, match: RegExpExecArray) => GitHubReply];

export function reply(status: number, json?: unknown): GitHubReply {
  return { status, json };
}

/** The first route whose method and path match, or a GitHub 404. */
export function dispatch(routes: RepoRoute[], req: RepoRequest): GitHubReply {
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  for (const [m, pattern, handler] of routes) {
    if (m !== method) continue;
    const match = pattern.exec(req.path);
    if (match) return handler(req, match);
  }
  throw new GitHubError(404, 'Not Found');
}

/** A string field of a JSON body, or a 422 naming it. */
export function requiredString(body: Record<string, any>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || !value) {
    throw new GitHubError(422, `Invalid request.\n\n"${field}" wasn't supplied.`, [{ resource: 'Request', field, code: 'missing_field' }]);
  }
  return value;
}

export function decodePath(value: string): string {
  return value.split('/').map(decodeURIComponent).join('/');
}
