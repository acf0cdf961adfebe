import http from 'node:http';
import { AddressInfo } from 'node:net';
import type { JsonObject } from '@backstage/types';

/**
 * A loopback port nothing listens on (it was free a moment ago).
 * @public
 */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>(resolve => server.close(() => resolve()));
  return port;
}

/**
 * A `gitops.agents` config entry for an Argo CD agent that is not there: its
 * URL is a loopback port nothing listens on, so every call is refused.
 * @public
 */
export async function unreachableAgentConfig(
  id: string,
  token = `${id}-argo-token-unreachable`,
): Promise<JsonObject> {
  return {
    id,
    kind: 'argocd',
    url: `http://127.0.0.1:${await closedPort()}`,
    timeoutMs: 3000,
    credentials: { token },
  };
}
