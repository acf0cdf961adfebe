import { useApi } from '@backstage/core-plugin-api';
import { gitopsApiRef } from '../api';
import { useLiveAsync } from './useLiveAsync';

/** Which part of the fleet a Resource entity stands for. */
export interface FleetScope {
  environment?: string;
  cluster?: string;
}

/**
 * The fleet applications that run in one environment or on one cluster
 * (clusters are matched on the destination name or server the agent reports).
 */
export function useEnvironmentApplications(scope: FleetScope) {
  const api = useApi(gitopsApiRef);
  const { environment, cluster } = scope;
  return useLiveAsync(
    async () => {
      const response = await api.getFleetApplications(
        environment ? { environment: [environment] } : {},
      );
      if (!cluster) {
        return response;
      }
      const items = response.items.filter(
        app =>
          app.clusterName === cluster ||
          app.destination.name === cluster ||
          app.destination.server === cluster,
      );
      return { ...response, items, total: items.length };
    },
    [api, environment, cluster],
    { intervalMs: 60_000 },
  );
}
