import net from 'node:net';
import { PrivatePostgres } from './privatePostgres';

/**
 * The fallback when no private PostgreSQL server can be started: a TCP
 * proxy in front of the shared server whose "restart" cuts every open
 * connection and refuses new ones for a while (the shared server itself is
 * never touched). Databases created through it live on the shared server,
 * so callers use a per-run database prefix and drop them afterwards.
 */
export async function startPostgresCutProxy(
  sharedUrl: string,
): Promise<PrivatePostgres & { kind: 'proxy' }> {
  const target = new URL(sharedUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer(client => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const close = () =>
    new Promise<void>(resolve => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(sharedUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    kind: 'proxy',
    port,
    url: url.toString(),
    async restart(downMs: number) {
      await close();
      await new Promise(resolve => setTimeout(resolve, downMs));
      await listen(port);
    },
    stop: close,
  };
}
