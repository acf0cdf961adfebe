import { LoggerService } from '@backstage/backend-plugin-api';
import { GitOpsAgentConfig } from '@gitops-suite/plugin-gitops-node';
import { HarnessAccountConfig } from '../config/readHarnessAccounts';
import type { Fleet } from '../fleet/createFleet';
import { AgentHttpClient } from '../providers/http/AgentHttpClient';
import type { ProviderRegistry } from '../providers/ProviderRegistry';
import {
  configuredHarnessAgentKey,
  foundHarnessAgent,
  listHarnessAccountAgents,
} from './harnessAccountAgents';

/** Where found agents go: added as configured ones are, and retired. */
export interface FoundAgentTarget {
  add(agent: GitOpsAgentConfig): void;
  remove(agentId: string): Promise<void>;
}

/**
 * The backend's agents as a target: a found agent gets its provider in the
 * registry and is fed into the fleet state; a retired one leaves both (the
 * fleet state first, so nothing reads a provider that is gone).
 */
export function registryAndFleetTarget(
  registry: Pick<ProviderRegistry, 'add' | 'remove'>,
  fleet: Pick<Fleet, 'addAgent' | 'removeAgent'>,
): FoundAgentTarget {
  return {
    add: agent => fleet.addAgent(registry.add(agent)),
    remove: async agentId => {
      await fleet.removeAgent(agentId);
      registry.remove(agentId);
    },
  };
}

/**
 * Keeps the agents of the configured Harness accounts
 * (`gitops.harness.accounts`) among the backend's agents: each
 * {@link HarnessAccountDiscovery.refresh} lists an account's agents, adds
 * those that appeared and retires those that went. An agent that
 * `gitops.agents` lists already (the same Harness agent, or the same id) is
 * left to its entry. A list that cannot be read retires nothing.
 */
export class HarnessAccountDiscovery {
  /** Found agent id -> the account (`where`) it was found in. */
  private readonly found = new Map<string, string>();
  private readonly configuredKeys: Set<string>;
  private readonly configuredIds: Set<string>;
  /** What was said once about an agent that is not added. */
  private readonly told = new Set<string>();

  constructor(
    private readonly options: {
      configured: GitOpsAgentConfig[];
      target: FoundAgentTarget;
      logger: LoggerService;
    },
  ) {
    this.configuredIds = new Set(options.configured.map(agent => agent.id));
    this.configuredKeys = new Set(
      options.configured.flatMap(agent => {
        const key = configuredHarnessAgentKey(agent);
        return key ? [key] : [];
      }),
    );
  }

  /** The ids of the agents found and added, in no order. */
  get agentIds(): string[] {
    return [...this.found.keys()];
  }

  /** Lists the account's agents now; adds and retires to match. */
  async refresh(
    account: HarnessAccountConfig,
    signal?: AbortSignal,
  ): Promise<void> {
    const { logger } = this.options;
    const label = `Harness account ${account.accountIdentifier} (${account.where})`;
    let listed;
    try {
      listed = await listHarnessAccountAgents(
        new AgentHttpClient({
          agentId: label,
          baseUrl: account.url,
          timeoutMs: account.timeoutMs,
          authHeaders: async () => ({ 'x-api-key': account.apiKey }),
          secrets: () => [account.apiKey],
        }),
        account,
        signal,
      );
    } catch (error) {
      // the client's messages hold no credential (it scrubs its secrets)
      logger.warn(
        `${label}: its agents could not be listed, those found before stay: ${
          (error as Error).message
        }`,
      );
      return;
    }
    const wanted = new Map<string, GitOpsAgentConfig>();
    for (const raw of listed) {
      const found = foundHarnessAgent(account, raw);
      if ('skipped' in found) {
        this.tellOnce(
          `${label}: agent ${raw.identifier} is not added: ${found.skipped}`,
        );
        continue;
      }
      const { id } = found.agent;
      // an agent entry of the same Harness agent takes precedence
      if (this.configuredKeys.has(found.key)) continue;
      if (this.configuredIds.has(id)) {
        this.tellOnce(
          `${label}: agent ${raw.identifier} is not added: gitops.agents has an entry with its id ${id}`,
        );
        continue;
      }
      const owner = this.found.get(id);
      if (owner && owner !== account.where) continue;
      wanted.set(id, found.agent);
    }
    for (const [id, where] of [...this.found]) {
      if (where !== account.where || wanted.has(id)) continue;
      await this.options.target.remove(id);
      this.found.delete(id);
      logger.info(`${label}: agent ${id} is gone from the account; retired`);
    }
    for (const [id, agent] of wanted) {
      if (this.found.has(id)) continue;
      try {
        this.options.target.add(agent);
      } catch (error) {
        this.tellOnce(
          `${label}: agent ${id} is not added: ${(error as Error).message}`,
        );
        continue;
      }
      this.found.set(id, account.where);
      logger.info(`${label}: agent ${id} found; added`);
    }
  }

  private tellOnce(message: string) {
    if (this.told.has(message)) return;
    this.told.add(message);
    this.options.logger.warn(message);
  }
}
