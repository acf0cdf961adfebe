import { useApi } from '@backstage/core-plugin-api';
import { gitopsApiRef } from '../api';
import { useLiveAsync } from './useLiveAsync';

/** Which part of the fleet a Resource entity stands for. */
export interface FleetScope {
  environment?: string;
  cluster?: string;
  /** The cluster's API server URL (`gitops/cluster-server`). */
  server?: string;
  /** The agent that deploys to the cluster (`gitops/agent`). */
  agent?: string;
}

/**
 * The fleet applications that run in one environment or on one cluster,
 * filtered by the backend (every page read): on the cluster's own agent
 * (every agent has an `in-cluster`), to its server, or by its name when
 * the Resource gives no server.
 */
export function useEnvironmentApplications(scope: FleetScope) {
  const api = useApi(gitopsApiRef);
  const { environment, cluster, server, agent } = scope;
  return useLiveAsync(
    () =>
      api.getFleetApplications({
        ...(environment && { environment: [environment] }),
        ...(agent && { agent: [agent] }),
        ...(cluster && { cluster: [cluster] }),
        ...(server && { server: [server] }),
      }),
    [api, environment, cluster, server, agent],
    { intervalMs: 60_000 },
  );
}
