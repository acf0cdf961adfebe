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
 * One application of a catalog entity, as the frontend, the scaffolder's
 * actions and the backend's routes name it: the entity that selects it, the
 * agent it runs on, its name and, for apps in any namespace, its namespace.
 * @public
 */
export interface EntityApplicationRef {
  /** The owning catalog entity, as `kind:namespace/name`. */
  entityRef: string;
  /** The agent the application runs on (its id in `gitops.agents`). */
  agentId: string;
  /** The Application's name. */
  name: string;
  /** The Application's own namespace, for apps in any namespace. */
  namespace?: string;
}

/**
 * The path and query parameters of the routes of one of an entity's
 * applications.
 * @public
 */
export function applicationRouteParams(app: EntityApplicationRef): {
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
