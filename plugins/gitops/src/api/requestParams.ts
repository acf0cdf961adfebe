import {
  applicationRouteParams,
  type EntityApplicationRef,
  type FleetApplicationFilter,
  type ResourceRef,
} from '@gitops-suite/plugin-gitops-common';

/** A resource's route parameters beside its application's. */
export function resourceRouteParams(
  app: EntityApplicationRef,
  resource: ResourceRef,
) {
  const params = applicationRouteParams(app);
  return {
    path: params.path,
    query: {
      ...params.query,
      resourceKind: resource.kind,
      resourceName: resource.name,
      resourceGroup: resource.group ?? '',
      ...(resource.version && { resourceVersion: resource.version }),
      ...(resource.namespace && { resourceNamespace: resource.namespace }),
    },
  };
}

/** The filter's lists, passed as they are. */
const LIST_FILTERS = [
  'agent',
  'environment',
  'region',
  'health',
  'sync',
  'project',
  'cluster',
  'server',
] as const;

/**
 * Filter values as query parameters, only the filter's own fields; an
 * empty search is no search, and `attention` is sent only when asked for.
 */
export function fleetQuery(filter: FleetApplicationFilter = {}) {
  const lists = Object.fromEntries(
    LIST_FILTERS.map(key => [key, filter[key]]),
  ) as Pick<FleetApplicationFilter, (typeof LIST_FILTERS)[number]>;
  return {
    ...lists,
    search: filter.search || undefined,
    attention: filter.attention || undefined,
  };
}

/** A metrics window of `windowDays` days as the API spells it (`30d`). */
export function windowQuery(windowDays?: number) {
  return windowDays ? `${windowDays}d` : undefined;
}
