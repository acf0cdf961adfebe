import http from 'node:http';
import { AddressInfo } from 'node:net';

/** One request a recording proxy or listener saw. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  at: number;
}

/** A running HTTP listener that records every request it gets. */
export interface Recorder {
  url: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closer(server: http.Server) {
  return () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

function record(seen: SeenRequest[], req: http.IncomingMessage) {
  seen.push({
    method: req.method ?? 'GET',
    url: req.url ?? '',
    headers: req.headers,
    at: Date.now(),
  });
}

/** A listener standing for "some other host": it must never be reached. */
export async function startOtherHost(): Promise<Recorder> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    record(seen, req);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"other":"host"}');
  });
  const port = await listen(server);
  return { seen, port, url: `http://127.0.0.1:${port}`, close: closer(server) };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  const port = await listen(server);
  await new Promise<void>(resolve => server.close(() => resolve()));
  return port;
}
