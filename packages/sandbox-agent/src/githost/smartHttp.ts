import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GIT_ENV } from './gitCli';

/**
 * Git's smart HTTP protocol (clone, fetch, push), served by git's own CGI
 * program `git http-backend` over the host's repository directory.
 */
export function serveSmartHttp(
  root: string,
  pathInfo: string,
  req: IncomingMessage,
  res: ServerResponse,
  remoteUser: string | undefined,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://git.local');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...GIT_ENV,
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: pathInfo,
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: url.search.replace(/^\?/, ''),
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
  };
  if (remoteUser) env.REMOTE_USER = remoteUser;
  if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = String(req.headers['content-encoding']);
  if (req.headers['git-protocol']) env.GIT_PROTOCOL = String(req.headers['git-protocol']);
  return new Promise((resolve, reject) => {
    const cgi = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let head = Buffer.alloc(0);
    let headerDone = false;
    let stderr = '';
    cgi.stderr.on('data', chunk => {
      stderr += chunk;
    });
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headerDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const crlf = head.indexOf('\r\n\r\n');
      const lf = head.indexOf('\n\n');
      const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
      if (end < 0) return;
      const sep = end === crlf ? 4 : 2;
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]) || 200;
        else headers[name] = value;
      }
      headerDone = true;
      res.writeHead(status, headers);
      res.write(head.subarray(end + sep));
    });
    cgi.on('error', reject);
    cgi.on('close', code => {
      if (!headerDone) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`git http-backend failed (${code}): ${stderr}`);
      } else res.end();
      resolve();
    });
    // http-backend may answer and exit before it reads the whole request
    // body (a refused push): EPIPE on its stdin is not an error of ours;
    // its answer, above, is what the client gets
    cgi.stdin.on('error', () => {});
    req.pipe(cgi.stdin);
  });
}
