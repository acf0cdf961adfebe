import {
  AgentError,
  AgentFreshness,
  AgentsById,
  applicationKey,
  createApplicationMatcher,
  EnvironmentDefinition,
  FleetApplicationFilter,
  FleetCounts,
  FleetSummary,
  GitOpsAgentStatus,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsCluster,
  GitOpsEntityQuery,
  GitOpsRepository,
  isGeneratedBy,
  summarizeFleet,
  summarizeFleetCounts,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { AgentFleet } from './AgentFleet';
import { FleetState } from './FleetState';
import { readColdEntityApplications } from './readColdEntityApplications';
import { filterAgentFleet, selectApplications } from './selectApplications';
import { fanOut } from './fanOut';
import { ServedEnvironment, servedEnvironments } from './servedEnvironments';

/** The environments one agent serves, with their clusters. */
export interface AgentEnvironments {
  agentId: string;
  environments: ServedEnvironment[];
}

/** A read over many agents: what they hold, which failed, how fresh each is. */
export type FleetResult<T> = {
  items: T[];
  errors: AgentError[];
  freshness: AgentFreshness[];
};

/**
 * The read side of the fleet state, with the shape routes and actions use;
 * it never writes to the state (the feeders and `ApplicationRefresh` do).
 * Loaded agents are
 * answered from memory through the indexes (no agent call, no parse); an
 * agent whose state is not loaded yet answers an entity query with one
 * targeted call, raced against its initial load; every answer says how
 * fresh each agent is.
 */
export class FleetView {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly state: FleetState,
  ) {}

  /** The agents' configuration by id, as filters and summaries take it. */
  agentsById(): AgentsById {
    return Object.fromEntries(
      this.registry.list().map(provider => [provider.agent.id, provider.agent]),
    );
  }

  private timeout = (agentId: string) => this.registry.timeoutMs(agentId);

  /**
   * Reads every given agent: `read` for loaded agents (synchronously, from
   * memory), `cold` (bounded by the agent's timeout) for the others, or
   * the feed's error when it is down and nothing is loaded.
   */
  private async read<T>(
    providers: GitOpsProvider[],
    read: (fleet: AgentFleet) => T[],
    cold: (provider: GitOpsProvider, signal: AbortSignal) => Promise<T[]>,
  ): Promise<FleetResult<T>> {
    const items: T[] = [];
    const errors: AgentError[] = [];
    const waiting: GitOpsProvider[] = [];
    for (const provider of providers) {
      const agentId = provider.agent.id;
      const fleet = this.state.loaded(agentId);
      const down = this.state.feedError(agentId);
      if (fleet) items.push(...read(fleet));
      else if (down) errors.push(down);
      else waiting.push(provider);
    }
    if (waiting.length) {
      const late = await fanOut(waiting, this.timeout, cold);
      items.push(...late.items);
      errors.push(...late.errors);
    }
    const agentIds = providers.map(p => p.agent.id);
    errors.push(...this.state.staleErrors(agentIds));
    return { items, errors, freshness: this.state.freshness(agentIds) };
  }

  /** Waits for the agent's initial load (bounded by the caller's signal). */
  private async loaded<T>(
    provider: GitOpsProvider,
    signal: AbortSignal,
    read: (fleet: AgentFleet) => T[],
  ): Promise<T[]> {
    return read(await this.state.whenLoaded(provider.agent.id, signal));
  }

  /** The applications an entity's annotations select, across its agents. */
  entityApplications(
    query: GitOpsEntityQuery,
  ): Promise<FleetResult<GitOpsApplication>> {
    // compiled once: an invalid selector is the caller's error, not an agent's
    const matches = createApplicationMatcher(query);
    const select = (fleet: AgentFleet) =>
      selectApplications(fleet, query, matches);
    return this.read(
      this.registry.list(query.agents),
      select,
      async (provider, signal) => {
        // whichever comes first; the other is cancelled
        const done = new AbortController();
        const either = AbortSignal.any([signal, done.signal]);
        try {
          return await Promise.race([
            readColdEntityApplications(provider, query, matches, either),
            this.loaded(provider, either, select),
          ]);
        } finally {
          done.abort();
        }
      },
    );
  }

  /** Every application of every (or the given) agents. */
  fleetApplications(
    agentIds?: string[],
  ): Promise<FleetResult<GitOpsApplication>> {
    const all = (fleet: AgentFleet) =>
      [...fleet.apps.values()].map(app => fleet.withOwner(app));
    return this.read(this.registry.list(agentIds), all, (p, signal) =>
      this.loaded(p, signal, all),
    );
  }

  /**
   * The fleet's applications narrowed by `filter`, through the indexes, in
   * the one stable order pages follow: by agent id, then by key.
   */
  async filteredApplications(
    filter: FleetApplicationFilter,
    agentsById: AgentsById,
  ): Promise<FleetResult<GitOpsApplication>> {
    const pick = (fleet: AgentFleet) =>
      filterAgentFleet(fleet, filter, agentsById);
    const byId = this.registry
      .list(filter.agent)
      .sort((a, b) => compareText(a.agent.id, b.agent.id));
    const result = await this.read(byId, pick, (p, signal) =>
      this.loaded(p, signal, pick),
    );
    // agents read cold answer after the loaded ones: put them in place
    // (a stable sort keeps each agent's own order)
    if (!byAgentId(result.items)) {
      result.items.sort((a, b) => compareText(a.agentId, b.agentId));
    }
    return result;
  }

  /**
   * The fleet summary: from the counters the agents' states keep when only
   * agents narrow it (O(agents x environments)), else over the filtered
   * applications; both count by common's one rule (`FleetCounts`).
   */
  async fleetSummary(
    filter: FleetApplicationFilter,
    agentsById: AgentsById,
    environments: EnvironmentDefinition[],
  ): Promise<FleetSummary> {
    const statuses = await this.agentStatuses();
    const narrows =
      Boolean(filter.search?.trim()) ||
      Boolean(filter.attention) ||
      [
        filter.environment,
        filter.region,
        filter.health,
        filter.sync,
        filter.project,
        filter.cluster,
        filter.server,
      ].some(values => values?.length);
    if (!narrows) {
      const fleets = await this.read(
        this.registry.list(filter.agent),
        fleet => [fleet],
        (p, signal) => this.loaded(p, signal, fleet => [fleet]),
      );
      const counts = new FleetCounts();
      for (const fleet of fleets.items) counts.add(fleet.counts);
      return {
        ...summarizeFleetCounts(
          counts,
          statuses.items,
          [...fleets.errors, ...statuses.errors],
          environments,
        ),
        freshness: fleets.freshness,
      };
    }
    const apps = await this.filteredApplications(filter, agentsById);
    return {
      ...summarizeFleet(
        apps.items,
        statuses.items,
        [...apps.errors, ...statuses.errors],
        environments,
      ),
      freshness: apps.freshness,
    };
  }

  /**
   * The environment the fleet state resolved for an application, when its
   * agent is loaded and holds it (what an audit row records).
   */
  environmentOf(agentId: string, ref: ApplicationRef): string | undefined {
    return this.state
      .loaded(agentId)
      ?.apps.get(applicationKey(agentId, ref.namespace, ref.name))?.environment;
  }

  /**
   * An entity's ApplicationSets: those its query names, and those that
   * generated one of its applications (common's `isGeneratedBy`).
   */
  async entityApplicationSets(
    query: GitOpsEntityQuery,
  ): Promise<FleetResult<GitOpsApplicationSet>> {
    const [apps, sets] = await Promise.all([
      this.entityApplications(query),
      this.applicationSets(query.agents),
    ]);
    const named = new Set(query.applicationSets);
    return {
      items: sets.items.filter(
        set =>
          named.has(set.name) ||
          apps.items.some(app => isGeneratedBy(app, set)),
      ),
      errors: [...apps.errors, ...sets.errors],
      freshness: sets.freshness,
    };
  }

  applicationSets(
    agentIds?: string[],
  ): Promise<FleetResult<GitOpsApplicationSet>> {
    const sets = (fleet: AgentFleet) => [...fleet.appSets.values()];
    return this.read(this.registry.list(agentIds), sets, (p, signal) =>
      p.listApplicationSets({ signal }),
    );
  }

  /**
   * Each agent's status: as last checked by its feed, disconnected while
   * the feed is down; asked directly while nothing is known.
   */
  async agentStatuses(): Promise<FleetResult<GitOpsAgentStatus>> {
    const items: GitOpsAgentStatus[] = [];
    const unknown: GitOpsProvider[] = [];
    for (const provider of this.registry.list()) {
      const agentId = provider.agent.id;
      const status = this.state.loaded(agentId)?.status;
      const down = this.state.feedError(agentId);
      if (status && down) {
        items.push({ ...status, state: 'disconnected', message: down.message });
      } else if (status) items.push(status);
      else unknown.push(provider);
    }
    const asked = await fanOut(unknown, this.timeout, (p, signal) =>
      p.getStatus({ signal }).then(status => [status]),
    );
    const order = this.registry.list().map(p => p.agent.id);
    return {
      items: [...items, ...asked.items].sort(
        (a, b) => order.indexOf(a.agentId) - order.indexOf(b.agentId),
      ),
      errors: asked.errors,
      freshness: this.state.freshness(
        this.registry.list().map(p => p.agent.id),
      ),
    };
  }

  /**
   * The environments each agent serves and the clusters it serves them on
   * (`servedEnvironments`), in `order`; an agent not loaded yet is waited
   * for, bounded by its timeout.
   */
  servedEnvironments(
    agentIds: string[] | undefined,
    order: (names: string[]) => string[],
  ): Promise<FleetResult<AgentEnvironments>> {
    const serve = (fleet: AgentFleet) => [
      {
        agentId: fleet.agentId,
        environments: servedEnvironments(fleet, {
          configured: this.registry.get(fleet.agentId).agent.environments,
          order,
        }),
      },
    ];
    return this.read(this.registry.list(agentIds), serve, (p, signal) =>
      this.loaded(p, signal, serve),
    );
  }

  clusters(agentIds?: string[]): Promise<FleetResult<GitOpsCluster>> {
    return this.read(
      this.registry.list(agentIds),
      fleet => fleet.clusters,
      (p, signal) => p.listClusters({ signal }),
    );
  }

  repositories(agentIds?: string[]): Promise<FleetResult<GitOpsRepository>> {
    return this.read(
      this.registry.list(agentIds),
      fleet => fleet.repositories,
      (p, signal) => p.listRepositories({ signal }),
    );
  }
}

/** Text in code unit order, as `Array.prototype.sort` orders it. */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** Whether each agent's applications come together, agents by id. */
function byAgentId(items: GitOpsApplication[]): boolean {
  for (let i = 1; i < items.length; i++) {
    const [before, agentId] = [items[i - 1].agentId, items[i].agentId];
    if (before !== agentId && compareText(before, agentId) > 0) return false;
  }
  return true;
}
