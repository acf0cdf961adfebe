import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  FleetApplicationFilter,
  gitopsAuditReadPermission,
  gitopsFleetReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsService } from '../service/GitOpsService';
import { readFleetApplications } from '../service/readFleetApplications';

/** Narrows the audit log and the drift events (see the spec's `/audit`). */
interface AuditQuery {
  entityRef?: string;
  agent?: string;
  application?: string;
  limit?: number;
}

/**
 * The fleet-wide views: its summary, a page of its applications, its
 * operations and its drift. Each takes the caller's credentials and what
 * narrows the answer, checks the caller's permission, and returns the
 * answer.
 */
export class FleetReads {
  constructor(private readonly ctx: GitOpsService) {}

  /** Counts by sync, health, agent and environment; needs `gitops.fleet.read`. */
  async summary(
    credentials: BackstageCredentials,
    filter: FleetApplicationFilter,
  ) {
    await this.ctx.authorize(credentials, gitopsFleetReadPermission);
    const { aggregator, environments } = this.ctx.deps;
    return aggregator.fleetSummary(filter, this.agentsById(), environments);
  }

  /**
   * The applications `filter` selects, from `offset`, at most `limit`: a
   * page says when more follow it, and where the next one starts.
   */
  async applications(
    credentials: BackstageCredentials,
    page: FleetApplicationFilter & { offset: number; limit: number },
  ) {
    const { offset, limit, ...filter } = page;
    const { items, errors, freshness } = await readFleetApplications(
      this.ctx,
      credentials,
      filter,
    );
    const end = offset + limit;
    const truncated = end < items.length;
    return {
      items: items.slice(offset, end),
      errors,
      freshness,
      total: items.length,
      offset,
      truncated,
      ...(truncated && { nextOffset: end }),
    };
  }

  /** The operations `query` selects; needs `gitops.audit.read`. */
  async operations(credentials: BackstageCredentials, query: AuditQuery) {
    await this.ctx.authorize(credentials, gitopsAuditReadPermission);
    return {
      items: await this.ctx.deps.store.listOperations(storeFilter(query)),
    };
  }

  /** The drift events `query` selects; needs `gitops.audit.read`. */
  async drift(credentials: BackstageCredentials, query: AuditQuery) {
    await this.ctx.authorize(credentials, gitopsAuditReadPermission);
    return {
      items: await this.ctx.deps.store.listDriftEvents(storeFilter(query)),
    };
  }

  private agentsById() {
    return Object.fromEntries(
      this.ctx.deps.registry
        .list()
        .map(provider => [provider.agent.id, provider.agent]),
    );
  }
}

/** The spec's audit parameters as the stores name them. */
function storeFilter(query: AuditQuery) {
  return {
    entityRef: query.entityRef,
    agentId: query.agent,
    application: query.application,
    limit: query.limit,
  };
}
