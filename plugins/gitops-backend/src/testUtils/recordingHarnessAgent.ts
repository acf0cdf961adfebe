import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest } from './harnessSdk';

/*
 * A stand-in Harness gateway that records every request it receives and
 * answers each with the smallest body of the right shape, so that a provider
 * can be driven through every call it makes and each request checked as the
 * agent saw it.
 */

const application = (name: string) => ({
  agentIdentifier: 'agent',
  name,
  app: {
    metadata: { name, namespace: 'argocd' },
    spec: {
      project: 'default',
      source: { repoURL: 'https://git.example/app.git', path: 'app' },
      destination: { server: 'https://kubernetes.default.svc' },
    },
    status: {},
  },
});

function answer(method: string, pathname: string): unknown {
  const parts = pathname.split('/').filter(Boolean);
  const app = parts.indexOf('applications');
  if (pathname.endsWith('/applicationset/generate'))
    return { applications: [] };
  if (pathname.endsWith('/resource')) {
    return {
      manifest: JSON.stringify({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'web' },
      }),
    };
  }
  if (pathname.endsWith('/events')) return { metadata: {}, items: [] };
  if (pathname.endsWith('/logs')) return { result: { last: true } };
  if (parts[parts.length - 2] === 'projects') {
    return { metadata: { name: parts[parts.length - 1] }, spec: {} };
  }
  if (
    parts[0] === 'gitops' &&
    parts[3] === 'agents' &&
    app === 5 &&
    (parts.length === 7 ||
      (method === 'POST' && ['sync', 'rollback'].includes(parts[7])))
  ) {
    return application(decodeURIComponent(parts[6]));
  }
  if (parts.length === 5 && parts[3] === 'agents') {
    return { identifier: parts[4], health: { connectionStatus: 'CONNECTED' } };
  }
  if (pathname.endsWith('/applicationset')) {
    return { applicationset: { metadata: { name: 'set' }, spec: {} } };
  }
  return {};
}

export interface RecordingHarnessAgent {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingHarnessAgent(): Promise<RecordingHarnessAgent> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', chunk => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://agent');
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: text ? JSON.parse(text) : undefined,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(req.method ?? 'GET', url.pathname)));
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}
