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

/** Filter values as query parameters; an empty search is no search. */
export function fleetQuery(filter: FleetApplicationFilter = {}) {
  const {
    agent,
    environment,
    region,
    health,
    sync,
    project,
    search,
    attention,
    cluster,
    server,
  } = filter;
  return {
    agent,
    environment,
    region,
    health,
    sync,
    project,
    search: search || undefined,
    attention: attention || undefined,
    cluster,
    server,
  };
}

/** A metrics window of `windowDays` days as the API spells it (`30d`). */
export function windowQuery(windowDays?: number) {
  return windowDays ? `${windowDays}d` : undefined;
}
