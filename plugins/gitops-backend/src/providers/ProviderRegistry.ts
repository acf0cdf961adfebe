import { InputError, NotFoundError } from '@backstage/errors';
import { LoggerService } from '@backstage/backend-plugin-api';
import { EnvironmentDefinition } from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentConfig,
  GitOpsProvider,
  GitOpsProviderFactory,
} from '@gitops-suite/plugin-gitops-node';
import {
  ApplicationSetLimits,
  DEFAULT_APPLICATION_SET_LIMITS,
} from '../config/readGitOpsConfig';

/** The provider of every configured agent, by agent id. */
export class ProviderRegistry {
  static create(options: {
    agents: GitOpsAgentConfig[];
    environments: EnvironmentDefinition[];
    factories: Map<string, GitOpsProviderFactory>;
    logger: LoggerService;
    /** How much one ApplicationSet may generate (`gitops.applicationSets`). */
    applicationSetLimits?: ApplicationSetLimits;
  }): ProviderRegistry {
    const providers = new Map<string, GitOpsProvider>();
    for (const agent of options.agents) {
      const factory = options.factories.get(agent.kind);
      if (!factory) {
        throw new InputError(
          `gitops.agents[${agent.id}]: unknown kind '${
            agent.kind
          }'; known kinds: ${[...options.factories.keys()].join(', ')}`,
        );
      }
      providers.set(
        agent.id,
        factory({
          agent,
          environments: options.environments,
          logger: options.logger.child({ agent: agent.id }),
        }),
      );
    }
    return new ProviderRegistry(
      providers,
      options.agents,
      options.applicationSetLimits ?? DEFAULT_APPLICATION_SET_LIMITS,
    );
  }

  /**
   * The credential values every provider declares, scrubbed from whatever
   * leaves the backend: one list, made once (scrubbed values are sealed
   * against this very list).
   */
  readonly secrets: string[];

  private constructor(
    private readonly providers: Map<string, GitOpsProvider>,
    readonly agents: GitOpsAgentConfig[],
    /**
     * How much one ApplicationSet's generate call may bring in, for every
     * agent: as `timeoutMs`, a bound on what a call to an agent may cost.
     */
    readonly applicationSetLimits: ApplicationSetLimits,
  ) {
    this.secrets = [...providers.values()].flatMap(p => [...p.secrets]);
  }

  get(agentId: string): GitOpsProvider {
    const provider = this.providers.get(agentId);
    if (!provider) {
      throw new NotFoundError(
        `No GitOps agent is configured with id '${agentId}'`,
      );
    }
    return provider;
  }

  timeoutMs(agentId: string): number {
    return this.agents.find(a => a.id === agentId)?.timeoutMs ?? 5000;
  }

  /** Every provider, or those of the given agent ids that exist. */
  list(agentIds?: string[]): GitOpsProvider[] {
    if (!agentIds?.length) return [...this.providers.values()];
    return agentIds
      .map(id => this.providers.get(id))
      .filter((p): p is GitOpsProvider => Boolean(p));
  }
}
