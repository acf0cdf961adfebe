import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import { LoggerService } from '@backstage/backend-plugin-api';
import { EnvironmentDefinition } from '@gitops-suite/plugin-gitops-common';
import {
  describeProviderCapabilities,
  GitOpsAgentConfig,
  GitOpsProvider,
  GitOpsProviderFactory,
} from '@gitops-suite/plugin-gitops-node';
import {
  ApplicationSetLimits,
  DEFAULT_APPLICATION_SET_LIMITS,
} from '../config/readGitOpsConfig';

interface RegistryOptions {
  agents: GitOpsAgentConfig[];
  environments: EnvironmentDefinition[];
  factories: Map<string, GitOpsProviderFactory>;
  logger: LoggerService;
  /** How much one ApplicationSet may generate (`gitops.applicationSets`). */
  applicationSetLimits?: ApplicationSetLimits;
  /**
   * Credentials of agents added later (the API keys of the Harness
   * accounts agents are found through), scrubbed from the start.
   */
  laterSecrets?: string[];
}

/**
 * The provider of every agent, by agent id: the configured ones, and those
 * added and removed while the backend runs (found through a Harness
 * account), each made by its kind's factory the same way.
 */
export class ProviderRegistry {
  static create(options: RegistryOptions): ProviderRegistry {
    const registry = new ProviderRegistry(options);
    for (const agent of options.agents) registry.add(agent);
    registry.created = true;
    return registry;
  }

  private readonly providers = new Map<string, GitOpsProvider>();
  private readonly configs = new Map<string, GitOpsAgentConfig>();
  /** Past creation, the secrets list is in use: it takes nothing new. */
  private created = false;

  /**
   * The credential values every provider declares, scrubbed from whatever
   * leaves the backend: one list (scrubbed values are sealed against this
   * very list, and matched by it): made at creation, from the configured
   * agents and the credentials of those added later.
   */
  readonly secrets: string[];

  /**
   * How much one ApplicationSet's generate call may bring in, for every
   * agent: as `timeoutMs`, a bound on what a call to an agent may cost.
   */
  readonly applicationSetLimits: ApplicationSetLimits;

  private constructor(private readonly options: RegistryOptions) {
    this.secrets = [...(options.laterSecrets ?? [])];
    this.applicationSetLimits =
      options.applicationSetLimits ?? DEFAULT_APPLICATION_SET_LIMITS;
  }

  /** Every agent's config, configured and added. */
  get agents(): GitOpsAgentConfig[] {
    return [...this.configs.values()];
  }

  /** Makes the agent's provider (its kind's factory) and keeps it. */
  add(agent: GitOpsAgentConfig): GitOpsProvider {
    const factory = this.options.factories.get(agent.kind);
    if (!factory) {
      throw new InputError(
        `gitops.agents[${agent.id}]: unknown kind '${
          agent.kind
        }'; known kinds: ${[...this.options.factories.keys()].join(', ')}`,
      );
    }
    if (this.providers.has(agent.id)) {
      throw new ConflictError(`A GitOps agent with id '${agent.id}' exists`);
    }
    const provider = factory({
      agent,
      environments: this.options.environments,
      logger: this.options.logger.child({ agent: agent.id }),
    });
    // each capability whole or absent, checked once here: the plugin asks
    // for a capability by name from then on and calls every member of it
    const { partial } = describeProviderCapabilities(provider);
    if (partial.length) {
      throw new InputError(
        `gitops.agents[${agent.id}]: the ${
          agent.kind
        } provider has only part of ${partial
          .map(
            p =>
              `the ${p.capability} capability (missing ${p.missing.join(
                ', ',
              )})`,
          )
          .join(' and ')}`,
      );
    }
    const unknown = provider.secrets.filter(s => !this.secrets.includes(s));
    if (unknown.length && this.created) {
      // the scrubbing of what already left would not know them
      throw new InputError(
        `The GitOps agent '${agent.id}' brings credentials the backend was not started with`,
      );
    }
    this.secrets.push(...unknown);
    this.providers.set(agent.id, provider);
    this.configs.set(agent.id, agent);
    return provider;
  }

  /** Forgets an agent (one no longer found); false for an unknown id. */
  remove(agentId: string): boolean {
    this.configs.delete(agentId);
    return this.providers.delete(agentId);
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
    return this.configs.get(agentId)?.timeoutMs ?? 5000;
  }

  /** Every provider, or those of the given agent ids that exist. */
  list(agentIds?: string[]): GitOpsProvider[] {
    if (!agentIds?.length) return [...this.providers.values()];
    return agentIds
      .map(id => this.providers.get(id))
      .filter((p): p is GitOpsProvider => Boolean(p));
  }
}
