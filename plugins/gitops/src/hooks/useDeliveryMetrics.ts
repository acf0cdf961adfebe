import { stringifyEntityRef } from '@backstage/catalog-model';
import { useApi } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import type {
  EntityDeliveryMetricsResponse,
  FleetApplicationFilter,
  FleetDeliveryMetricsResponse,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/** Metrics change slowly: refresh every five minutes while visible. */
const METRICS_INTERVAL_MS = 5 * 60_000;

/** The current entity's delivery metrics over the last `windowDays` days. */
export function useDeliveryMetrics(
  windowDays: number,
): LiveAsyncState<EntityDeliveryMetricsResponse> {
  const { entity } = useEntity();
  const api = useApi(gitopsApiRef);
  const entityRef = stringifyEntityRef(entity);
  return useLiveAsync(
    () => api.getEntityDeliveryMetrics(entityRef, { windowDays }),
    [api, entityRef, windowDays],
    { intervalMs: METRICS_INTERVAL_MS },
  );
}

/**
 * The delivery metrics of the fleet's applications that `filter` selects
 * (all when absent) over the last `windowDays` days.
 */
export function useFleetDeliveryMetrics(
  windowDays: number,
  filter: FleetApplicationFilter = {},
): LiveAsyncState<FleetDeliveryMetricsResponse> {
  const api = useApi(gitopsApiRef);
  const filterKey = JSON.stringify(filter);
  return useLiveAsync(
    () => api.getFleetDeliveryMetrics({ windowDays, filter }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, windowDays, filterKey],
    { intervalMs: METRICS_INTERVAL_MS },
  );
}
