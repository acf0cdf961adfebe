import type {
  FleetApplicationFilter,
  HealthStatusCode,
  SyncStatusCode,
} from '@gitops-suite/plugin-gitops-common';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The fleet filters kept in the page's URL query. */
export type FleetFilterKey =
  | 'agent'
  | 'environment'
  | 'region'
  | 'health'
  | 'sync';

/** Every {@link FleetFilterKey}, in the order the page shows them. */
export const FLEET_FILTER_KEYS: readonly FleetFilterKey[] = [
  'agent',
  'environment',
  'region',
  'health',
  'sync',
];

/**
 * The fleet filters as URL query state (`?health=Degraded&agent=prod-eu`),
 * so a filtered fleet view can be bookmarked and shared.
 */
export function useFleetFilters() {
  const [params, setParams] = useSearchParams();

  const filter = useMemo<FleetApplicationFilter>(() => {
    const result: FleetApplicationFilter = {};
    const agent = params.getAll('agent');
    const environment = params.getAll('environment');
    const region = params.getAll('region');
    const health = params.getAll('health') as HealthStatusCode[];
    const sync = params.getAll('sync') as SyncStatusCode[];
    if (agent.length) result.agent = agent;
    if (environment.length) result.environment = environment;
    if (region.length) result.region = region;
    if (health.length) result.health = health;
    if (sync.length) result.sync = sync;
    return result;
  }, [params]);

  const setFilter = useCallback(
    (key: FleetFilterKey, values: string[]) => {
      setParams(
        current => {
          const next = new URLSearchParams(current);
          next.delete(key);
          values.forEach(value => next.append(key, value));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // clears the filters, not the view the page shows
  const clear = useCallback(() => {
    setParams(
      current => {
        const view = current.get('view');
        return new URLSearchParams(view ? { view } : {});
      },
      { replace: true },
    );
  }, [setParams]);

  return { filter, setFilter, clear };
}
