import net from 'node:net';

/*
 * Connection details of the real PostgreSQL and Redis servers the tests use.
 * Under CI=true a missing server is a failure, never a skip.
 */

/**
 * The PostgreSQL server tests use (`GITOPS_TEST_POSTGRES_URL`).
 * @public
 */
export const POSTGRES_URL =
  process.env.GITOPS_TEST_POSTGRES_URL ??
  'postgresql://postgres@127.0.0.1:5432/postgres';
/**
 * The Redis server tests use (`GITOPS_TEST_REDIS_URL`).
 * @public
 */
export const REDIS_URL =
  process.env.GITOPS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise(resolve => {
    const socket = net.connect(Number(port || defaultPort), hostname);
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Whether the server at `url` can be used. Under CI=true an unreachable
 * server throws, so the suite fails instead of quietly skipping.
 * @public
 */
export async function requireServer(
  name: string,
  url: string,
  defaultPort: number,
): Promise<boolean> {
  const ok = await reachable(url, defaultPort);
  if (!ok && process.env.CI === 'true') {
    throw new Error(
      `${name} is not reachable at ${new URL(url).host}; CI needs it`,
    );
  }
  return ok;
}
