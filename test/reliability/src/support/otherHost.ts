import http from 'node:http';
import { AddressInfo } from 'node:net';
import type { TappedRequest } from '@gitops-suite/plugin-gitops-backend/testUtils';

/** A running listener that records every request it gets. */
export interface OtherHost {
  url: string;
  port: number;
  seen: TappedRequest[];
  close(): Promise<void>;
}

/** A listener standing for "some other host": it must never be reached. */
export async function startOtherHost(): Promise<OtherHost> {
  const seen: TappedRequest[] = [];
  const server = http.createServer((req, res) => {
    seen.push({
      method: req.method ?? 'GET',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      headers: req.headers,
      at: Date.now(),
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"other":"host"}');
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
