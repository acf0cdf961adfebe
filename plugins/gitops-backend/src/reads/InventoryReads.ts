import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  gitopsFleetReadPermission,
  sortEnvironments,
} from '@gitops-suite/plugin-gitops-common';
import { AgentEnvironments } from '../fleet/FleetView';
import { readExistingApplicationSet } from '../applicationsets/applicationSetAccess';
import { deploymentTargets } from '../applicationsets/deploymentTargets';
import type { GitOpsServices } from '../service/GitOpsServices';

/** What an agent's entry says of the environments it serves. */
function servedFields(served: AgentEnvironments | undefined) {
  if (!served?.environments.length) return {};
  return {
    environments: served.environments.map(e => e.environment),
    serves: served.environments.map(e => ({
      environment: e.environment,
      clusters: e.clusters.map(({ name, server }) => ({ name, server })),
    })),
  };
}

/**
 * What the fleet is made of: environments, agents, clusters, repositories
 * and ApplicationSets. Each read but the environments' needs
 * `gitops.fleet.read`; each takes the caller's credentials and returns the
 * answer.
 */
export class InventoryReads {
  constructor(
    private readonly ctx: Pick<
      GitOpsServices,
      'access' | 'environments' | 'fleet' | 'operations' | 'providers' | 'trust'
    >,
  ) {}

  /** The configured environments, in promotion order (any caller). */
  environments() {
    return {
      items: [...this.ctx.environments].sort((a, b) => a.order - b.order),
    };
  }

  /** Every configured agent with its status and what it serves. */
  async agents(credentials: BackstageCredentials) {
    await this.ctx.access.authorize(credentials, gitopsFleetReadPermission);
    const { fleet, providers, environments } = this.ctx;
    const [statuses, served] = await Promise.all([
      fleet.agentStatuses(),
      fleet.servedEnvironments(undefined, names =>
        sortEnvironments(names, environments),
      ),
    ]);
    const byId = new Map(statuses.items.map(s => [s.agentId, s]));
    const servedBy = new Map(served.items.map(s => [s.agentId, s]));
    return {
      items: providers.list().map(provider => ({
        ...provider.agent,
        ...servedFields(servedBy.get(provider.agent.id)),
        status: byId.get(provider.agent.id) ?? {
          agentId: provider.agent.id,
          kind: provider.agent.kind,
          state: 'error' as const,
          message: statuses.errors.find(e => e.agentId === provider.agent.id)
            ?.message,
          checkedAt: new Date().toISOString(),
        },
      })),
      errors: statuses.errors,
      freshness: statuses.freshness,
    };
  }

  /** Where a new service of `query.owner` deploys through the agent. */
  deploymentTargets(
    credentials: BackstageCredentials,
    agentId: string,
    query: { owner: string; environment: string[]; project?: string },
  ) {
    return deploymentTargets(this.ctx, credentials, agentId, query);
  }

  async clusters(credentials: BackstageCredentials) {
    await this.ctx.access.authorize(credentials, gitopsFleetReadPermission);
    return this.ctx.fleet.clusters();
  }

  async repositories(credentials: BackstageCredentials) {
    await this.ctx.access.authorize(credentials, gitopsFleetReadPermission);
    return this.ctx.fleet.repositories();
  }

  /** The agent's ApplicationSets (404 for an agent not configured). */
  async applicationSets(credentials: BackstageCredentials, agentId: string) {
    await this.ctx.access.authorize(credentials, gitopsFleetReadPermission);
    this.ctx.providers.get(agentId);
    return this.ctx.fleet.applicationSets([agentId]);
  }

  /** One ApplicationSet, read fresh from the agent; 404 when it has none so named. */
  async applicationSet(
    credentials: BackstageCredentials,
    agentId: string,
    setName: string,
  ) {
    await this.ctx.access.authorize(credentials, gitopsFleetReadPermission);
    const set = await readExistingApplicationSet(
      this.ctx,
      this.ctx.providers.get(agentId),
      setName,
    );
    if (!set) {
      throw new NotFoundError(
        `Agent ${agentId} has no ApplicationSet named ${setName}`,
      );
    }
    return set;
  }
}
