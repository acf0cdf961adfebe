import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  parseEntityRef,
  RELATION_OWNED_BY,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import {
  FleetApplicationFilter,
  gitopsAuditReadPermission,
  gitopsFleetReadPermission,
  OperationOutcome,
} from '@gitops-suite/plugin-gitops-common';
import { fleetPage } from './fleetPages';
import type { GitOpsServices } from '../service/GitOpsServices';

/** Narrows the audit log and the drift events (see the spec's `/audit`). */
interface AuditQuery {
  entityRef?: string;
  owner?: string;
  agent?: string;
  application?: string;
  environment?: string;
  before?: string;
  limit?: number;
}

/** Most entities one owner's audit is read for. */
const MAX_OWNED_ENTITIES = 1000;

/**
 * The fleet-wide views: its summary, a page of its applications, its
 * operations and its drift. Each takes the caller's credentials and what
 * narrows the answer, checks the caller's permission, and returns the
 * answer.
 */
export class FleetReads {
  constructor(
    private readonly ctx: Pick<
      GitOpsServices,
      'access' | 'audit' | 'catalog' | 'environments' | 'fleet'
    >,
  ) {}

  /** Counts by sync, health, agent and environment; needs `gitops.fleet.read`. */
  async summary(
    credentials: BackstageCredentials,
    filter: FleetApplicationFilter,
  ) {
    await this.ctx.access.authorize(credentials, gitopsFleetReadPermission);
    const { fleet, environments } = this.ctx;
    return fleet.fleetSummary(filter, fleet.agentsById(), environments);
  }

  /**
   * The applications `filter` selects, after `cursor`, at most `limit`, in
   * one stable order: a page says when more follow, and the cursor of the
   * next one (`fleetPage`).
   */
  async applications(
    credentials: BackstageCredentials,
    page: FleetApplicationFilter & { cursor?: string; limit: number },
  ) {
    const { cursor, limit, ...filter } = page;
    const { items, errors, freshness } =
      await this.ctx.access.fleetApplications(credentials, filter);
    return {
      ...fleetPage(items, { cursor, limit }),
      errors,
      freshness,
      total: items.length,
    };
  }

  /** The operations `query` selects; needs `gitops.audit.read`. */
  async operations(
    credentials: BackstageCredentials,
    query: AuditQuery & { outcome?: OperationOutcome },
  ) {
    await this.ctx.access.authorize(credentials, gitopsAuditReadPermission);
    const filter = await this.storeFilter(credentials, query);
    return {
      items: await this.ctx.audit.listOperations({
        ...filter,
        outcome: query.outcome,
      }),
    };
  }

  /** The drift events `query` selects; needs `gitops.audit.read`. */
  async drift(credentials: BackstageCredentials, query: AuditQuery) {
    await this.ctx.access.authorize(credentials, gitopsAuditReadPermission);
    const filter = await this.storeFilter(credentials, query);
    return {
      items: await this.ctx.audit.listDriftEvents(filter),
    };
  }

  /**
   * The spec's audit parameters as the stores name them; an owner becomes
   * the refs of the catalog entities it owns that the caller may see.
   */
  private async storeFilter(
    credentials: BackstageCredentials,
    query: AuditQuery,
  ) {
    return {
      entityRef: query.entityRef,
      agentId: query.agent,
      application: query.application,
      environment: query.environment,
      before: query.before,
      limit: query.limit,
      ...(query.owner !== undefined && {
        entityRefs: await this.ownedEntityRefs(credentials, query.owner),
      }),
    };
  }

  private async ownedEntityRefs(
    credentials: BackstageCredentials,
    owner: string,
  ): Promise<string[]> {
    let ownerRef: string;
    try {
      ownerRef = stringifyEntityRef(
        parseEntityRef(owner, { defaultKind: 'group' }),
      );
    } catch (error) {
      throw new InputError(
        `owner '${owner}' is not an entity ref: ${(error as Error).message}`,
      );
    }
    const { items } = await this.ctx.catalog.getEntities(
      {
        filter: { [`relations.${RELATION_OWNED_BY}`]: ownerRef },
        fields: ['kind', 'metadata.namespace', 'metadata.name'],
        limit: MAX_OWNED_ENTITIES,
      },
      { credentials },
    );
    return items.map(entity => stringifyEntityRef(entity));
  }
}
