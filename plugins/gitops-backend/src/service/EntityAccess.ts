import {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  CompoundEntityRef,
  Entity,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { InputError, NotAllowedError, NotFoundError } from '@backstage/errors';
import {
  AuthorizeResult,
  BasicPermission,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  AgentError,
  AgentFreshness,
  EnvironmentDefinition,
  EnvironmentGroup,
  FleetApplicationFilter,
  gitopsApplicationReadPermission,
  gitopsFleetReadPermission,
  GitOpsApplication,
  GitOpsEntityQuery,
  groupByEnvironment,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';
import { CachedEntityLookup } from '../catalog/CachedEntityLookup';
import { FleetResult, FleetView } from '../fleet/FleetView';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { ApplicationTarget, EntityApplication } from './applicationTarget';

/** An entity as the caller may see it, with the query its annotations describe. */
export interface ReadableEntity {
  entity: Entity;
  entityRef: string;
  query: GitOpsEntityQuery;
}

/**
 * Who may read what: the permission decisions, the entity as the caller may
 * see it in the catalog, and the application of an entity a request names
 * (only among those the entity's annotations select, so a forged entity
 * ref never reaches another team's application).
 */
export class EntityAccess {
  constructor(
    private readonly options: {
      permissions: PermissionsService;
      catalog: CatalogService;
      /** The entity -> query lookup, kept briefly per caller. */
      entityLookup: CachedEntityLookup;
      registry: ProviderRegistry;
      fleet: FleetView;
      environments: EnvironmentDefinition[];
    },
  ) {}

  async authorize(
    credentials: BackstageCredentials,
    permission: BasicPermission,
  ): Promise<void> {
    const [decision] = await this.options.permissions.authorize(
      [{ permission }],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(`Not allowed: ${permission.name}`);
    }
  }

  /** Entity-scoped check: anything but an explicit allow is a denial. */
  async authorizeEntity(
    credentials: BackstageCredentials,
    permission: ResourcePermission<'catalog-entity'>,
    entityRef: string,
  ): Promise<void> {
    const [decision] = await this.options.permissions.authorize(
      [{ permission, resourceRef: entityRef }],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(
        `Not allowed: ${permission.name} on ${entityRef}`,
      );
    }
  }

  /** The entity (as the caller may see it in the catalog) and the GitOps
   * query its annotations describe. */
  async entityByRef(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
  ): Promise<ReadableEntity> {
    const entityRef = stringifyEntityRef(ref);
    const found = await this.options.entityLookup.get(entityRef, credentials);
    if (!found) {
      throw new NotFoundError(`Entity ${entityRef} was not found`);
    }
    const { entity, query } = found;
    if (!query) {
      throw new NotFoundError(
        `Entity ${entityRef} has no GitOps annotations: add gitops/service, gitops/app-selector, gitops/app-name or gitops/applicationset (argocd/app-name and argocd/app-selector work too)`,
      );
    }
    return { entity, entityRef, query };
  }

  /**
   * The full ref of an entity the caller can see in the catalog, from a ref
   * given in a request body (kind required, namespace `default` if absent).
   */
  async visibleEntityRef(
    ref: string,
    credentials: BackstageCredentials,
  ): Promise<string> {
    let entityRef: string;
    try {
      entityRef = stringifyEntityRef(parseEntityRef(ref));
    } catch (error) {
      throw new InputError(
        `entityRef '${ref}' is not an entity ref (kind:namespace/name): ${
          (error as Error).message
        }`,
      );
    }
    const entity = await this.options.catalog.getEntityByRef(entityRef, {
      credentials,
    });
    if (!entity) {
      throw new NotFoundError(`Entity ${entityRef} was not found`);
    }
    return entityRef;
  }

  /**
   * The entity as the caller may see it, once `gitops.application.read` on
   * it is allowed: what every read of an entity's applications starts with.
   * The signed-in readers of an entity are told when it changes (signals).
   */
  async readable(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ): Promise<ReadableEntity> {
    const found = await this.entityByRef(ref, credentials);
    const lookup = this.options.entityLookup;
    try {
      await this.authorizeEntity(
        credentials,
        gitopsApplicationReadPermission,
        found.entityRef,
      );
    } catch (error) {
      lookup.reportRead(found.entityRef, credentials, false);
      throw error;
    }
    lookup.reportRead(found.entityRef, credentials, true);
    return found;
  }

  /**
   * Looks the entity up as the caller may see it, checks `permission` on it,
   * and finds the application among those the entity selects.
   */
  async resolve(
    credentials: BackstageCredentials,
    target: ApplicationTarget,
    permission: ResourcePermission<'catalog-entity'>,
  ): Promise<EntityApplication> {
    const { entityRef, entity, query } = await this.entityByRef(
      target.entityRef,
      credentials,
    );
    await this.authorizeEntity(credentials, permission, entityRef);
    const app = await this.selectedApplication(entityRef, query, target);
    return {
      entityRef,
      entity,
      provider: this.options.registry.get(app.agentId),
      app,
      ref: { name: app.name, namespace: app.namespace, project: app.project },
    };
  }

  /**
   * An entity's applications grouped by environment in promotion order,
   * with the agents that failed; needs `gitops.application.read` on it.
   */
  async applications(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ): Promise<{
    entityRef: string;
    environments: EnvironmentGroup[];
    errors: AgentError[];
    freshness: AgentFreshness[];
  }> {
    const { entityRef, query } = await this.readable(credentials, ref);
    const { items, errors, freshness } =
      await this.options.fleet.entityApplications(query);
    return {
      entityRef,
      environments: groupByEnvironment(items, this.options.environments),
      errors,
      freshness,
    };
  }

  /**
   * The fleet's applications narrowed by `filter`, with the agents that
   * failed; needs `gitops.fleet.read`.
   */
  async fleetApplications(
    credentials: BackstageCredentials,
    filter: FleetApplicationFilter,
  ): Promise<FleetResult<GitOpsApplication>> {
    await this.authorize(credentials, gitopsFleetReadPermission);
    const { fleet } = this.options;
    return fleet.filteredApplications(filter, fleet.agentsById());
  }

  /**
   * The application the target names, among those the entity's
   * annotations select on its agent (the one selection rule).
   */
  private async selectedApplication(
    entityRef: string,
    query: GitOpsEntityQuery,
    { agentId, name, namespace }: ApplicationTarget,
  ): Promise<GitOpsApplication> {
    const notFound = () =>
      new NotFoundError(
        `Application ${name} on agent ${agentId} does not belong to ${entityRef}`,
      );
    if (query.agents?.length && !query.agents.includes(agentId)) {
      throw notFound();
    }
    // an unknown agent is a 404 naming it
    this.options.registry.get(agentId);
    const apps = await this.options.fleet.entityApplications({
      ...query,
      agents: [agentId],
    });
    const app = apps.items.find(
      candidate =>
        candidate.name === name &&
        (namespace === undefined || candidate.namespace === namespace),
    );
    if (app) return app;
    const failed = apps.errors.find(e => e.agentId === agentId);
    if (
      failed &&
      !apps.freshness.some(f => f.agentId === agentId && f.syncedAt)
    ) {
      throw new GitOpsAgentError(
        agentId,
        failed.code,
        failed.message,
        failed.status,
      );
    }
    throw notFound();
  }
}
