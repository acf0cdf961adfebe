import {
  AgentError,
  applicationMatchesQuery,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsAgentStatus,
  GitOpsCluster,
  GitOpsEntityQuery,
  GitOpsRepository,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsProvider } from '@gitops-suite/plugin-gitops-node';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { CoalescingCache } from './CoalescingCache';
import { fanOut } from './fanOut';

type Result<T> = { items: T[]; errors: AgentError[] };

/**
 * How long a list holding a running operation stays cached: long enough to
 * absorb a burst of page loads, short enough that the list shows the
 * operation's end within a few seconds rather than a whole TTL later.
 */
const RUNNING_OPERATION_TTL_MS = 2_000;

const ttlForApplications = (apps: GitOpsApplication[]) =>
  apps.some(app => app.operation?.phase === 'Running')
    ? RUNNING_OPERATION_TTL_MS
    : Infinity;

/**
 * The one place reads fan out to agents. Every agent's application list is
 * read once per cache TTL (lean) and shared by every entity page and fleet
 * view: agent traffic grows with agents, not with page views.
 */
export class ApplicationAggregator {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly cache: CoalescingCache,
  ) {}

  private timeout = (agentId: string) => this.registry.timeoutMs(agentId);

  /** Every application of one agent (lean), cached. */
  agentApplications(
    provider: GitOpsProvider,
    signal?: AbortSignal,
  ): Promise<GitOpsApplication[]> {
    return this.cache.read(
      `apps:${provider.agent.id}`,
      () => provider.listApplications({ lean: true }, { signal }),
      ttlForApplications,
    );
  }

  /** Every ApplicationSet of one agent, cached. */
  agentApplicationSets(
    provider: GitOpsProvider,
    signal?: AbortSignal,
  ): Promise<GitOpsApplicationSet[]> {
    return this.cache.read(`appsets:${provider.agent.id}`, () =>
      provider.listApplicationSets({ signal }),
    );
  }

  /** Forget an agent's cached lists after an operation changed it. */
  async invalidateAgent(agentId: string): Promise<void> {
    await Promise.all([
      this.cache.invalidate(`apps:${agentId}`),
      this.cache.invalidate(`appsets:${agentId}`),
    ]);
  }

  /** The applications an entity's annotations select, across its agents. */
  async entityApplications(
    query: GitOpsEntityQuery,
  ): Promise<Result<GitOpsApplication>> {
    const providers = this.registry.list(query.agents);
    return fanOut(providers, this.timeout, async (provider, signal) => {
      const [apps, generated] = await Promise.all([
        this.agentApplications(provider, signal),
        query.applicationSets?.length
          ? this.generatedBy(provider, query.applicationSets, signal)
          : Promise.resolve(new Map<string, string>()),
      ]);
      return apps
        .map(app => {
          const set = generated.get(app.name);
          return set && !app.applicationSet
            ? { ...app, applicationSet: set }
            : app;
        })
        .filter(app => applicationMatchesQuery(app, query));
    });
  }

  private async generatedBy(
    provider: GitOpsProvider,
    names: string[],
    signal: AbortSignal,
  ): Promise<Map<string, string>> {
    const sets = await this.agentApplicationSets(provider, signal);
    return new Map(
      sets
        .filter(set => names.includes(set.name))
        .flatMap(set => set.applications.map(app => [app, set.name] as const)),
    );
  }

  /** Every application of every (or the given) agents. */
  fleetApplications(agentIds?: string[]): Promise<Result<GitOpsApplication>> {
    return fanOut(this.registry.list(agentIds), this.timeout, (p, signal) =>
      this.agentApplications(p, signal),
    );
  }

  applicationSets(agentIds?: string[]): Promise<Result<GitOpsApplicationSet>> {
    return fanOut(this.registry.list(agentIds), this.timeout, (p, signal) =>
      this.agentApplicationSets(p, signal),
    );
  }

  agentStatuses(): Promise<Result<GitOpsAgentStatus>> {
    return fanOut(this.registry.list(), this.timeout, (p, signal) =>
      this.cache
        .read(`status:${p.agent.id}`, () => p.getStatus({ signal }))
        .then(status => [status]),
    );
  }

  clusters(agentIds?: string[]): Promise<Result<GitOpsCluster>> {
    return fanOut(this.registry.list(agentIds), this.timeout, (p, signal) =>
      this.cache.read(`clusters:${p.agent.id}`, () =>
        p.listClusters({ signal }),
      ),
    );
  }

  repositories(agentIds?: string[]): Promise<Result<GitOpsRepository>> {
    return fanOut(this.registry.list(agentIds), this.timeout, (p, signal) =>
      this.cache.read(`repos:${p.agent.id}`, () =>
        p.listRepositories({ signal }),
      ),
    );
  }
}
