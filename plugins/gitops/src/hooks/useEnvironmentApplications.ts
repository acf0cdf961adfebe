import { useApi } from '@backstage/core-plugin-api';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
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
 * Whether an application is deployed to the scope's cluster: on the
 * cluster's own agent (every agent has an `in-cluster`), to its server, or
 * by its name when the Resource gives no server.
 */
function onCluster(app: GitOpsApplication, scope: FleetScope): boolean {
  if (scope.agent && app.agentId !== scope.agent) return false;
  if (scope.server && app.destination.server) {
    return (
      app.destination.server.replace(/\/+$/, '') ===
      scope.server.replace(/\/+$/, '')
    );
  }
  return (
    app.clusterName === scope.cluster ||
    app.destination.name === scope.cluster ||
    app.destination.server === scope.cluster
  );
}

/**
 * The fleet applications that run in one environment or on one cluster
 * (see {@link onCluster}).
 */
export function useEnvironmentApplications(scope: FleetScope) {
  const api = useApi(gitopsApiRef);
  const { environment, cluster, server, agent } = scope;
  return useLiveAsync(
    async () => {
      const response = await api.getFleetApplications({
        ...(environment && { environment: [environment] }),
        ...(agent && { agent: [agent] }),
      });
      if (!cluster && !server) {
        return response;
      }
      const items = response.items.filter(app =>
        onCluster(app, { cluster, server, agent }),
      );
      return { ...response, items, total: items.length };
    },
    [api, environment, cluster, server, agent],
    { intervalMs: 60_000 },
  );
}
