import { parseEntityRef } from '@backstage/catalog-model';

/**
 * The path parameters of an entity's routes, from its ref.
 * @public
 */
export function entityRouteParams(entityRef: string): {
  namespace: string;
  kind: string;
  name: string;
} {
  const { kind, namespace, name } = parseEntityRef(entityRef);
  return { namespace, kind: kind.toLocaleLowerCase('en-US'), name };
}

/**
 * The path and query parameters of the routes of one of an entity's
 * applications.
 * @public
 */
export function applicationRouteParams(app: {
  entityRef: string;
  agentId: string;
  name: string;
  /** The Application's own namespace, for apps in any namespace. */
  namespace?: string;
}): {
  path: {
    namespace: string;
    kind: string;
    name: string;
    agentId: string;
    appName: string;
  };
  query: { appNamespace?: string };
} {
  return {
    path: {
      ...entityRouteParams(app.entityRef),
      agentId: app.agentId,
      appName: app.name,
    },
    query: { appNamespace: app.namespace || undefined },
  };
}
