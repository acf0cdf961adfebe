import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import { isAgentId, readApiUrl, readTimeoutMs } from './agentConfigFields';

/** The agent types Harness lists (`type` of AgentServiceForServerList). */
export const HARNESS_AGENT_TYPES = [
  'MANAGED_ARGO_PROVIDER',
  'CONNECTED_ARGO_PROVIDER',
] as const;

/**
 * A Harness account (or one org or project of it) whose GitOps agents the
 * backend finds by listing them, with the one API key they are all read
 * with, and what each agent found there is given as an agent entry would.
 */
export interface HarnessAccountConfig {
  /** `gitops.harness.accounts[i]`, for messages. */
  where: string;
  /** The Harness gateway (`https://app.harness.io/gateway`). */
  url: string;
  uiUrl?: string;
  accountIdentifier: string;
  orgIdentifier?: string;
  projectIdentifier?: string;
  /** Never logged, never in a message. */
  apiKey: string;
  agentTypes: string[];
  /** The first part of each found agent's id (`<idPrefix>.<scope>.<agent>`). */
  idPrefix: string;
  timeoutMs: number;
  /** How often the account's agents are listed again. */
  refreshIntervalMs: number;
  /** Environments each found agent serves (a hint, as an agent entry's). */
  environments?: string[];
}

const IDENTIFIER = /^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/;

function identifier(
  config: Config,
  key: string,
  where: string,
): string | undefined {
  const value = config.getOptionalString(key);
  if (value !== undefined && !IDENTIFIER.test(value)) {
    throw new InputError(
      `${where}.${key} must be a Harness identifier (letters, digits, '_' or '-'), got ${JSON.stringify(
        value,
      )}`,
    );
  }
  return value;
}

function readAccount(config: Config, index: number): HarnessAccountConfig {
  const where = `gitops.harness.accounts[${index}]`;
  const accountIdentifier = identifier(config, 'accountIdentifier', where);
  if (!accountIdentifier) {
    throw new InputError(`${where}.accountIdentifier is required`);
  }
  const orgIdentifier = identifier(config, 'orgIdentifier', where);
  const projectIdentifier = identifier(config, 'projectIdentifier', where);
  if (projectIdentifier && !orgIdentifier) {
    throw new InputError(
      `${where}.projectIdentifier needs orgIdentifier (the project's org)`,
    );
  }
  const apiKey = config.getOptionalString('apiKey');
  if (!apiKey) {
    throw new InputError(`${where}.apiKey is required (a Harness API key)`);
  }
  const agentTypes = config.getOptionalStringArray('agentTypes') ?? [
    ...HARNESS_AGENT_TYPES,
  ];
  agentTypes.forEach((type, i) => {
    if (!(HARNESS_AGENT_TYPES as readonly string[]).includes(type)) {
      throw new InputError(
        `${where}.agentTypes[${i}] must be one of ${HARNESS_AGENT_TYPES.join(
          ', ',
        )}, got ${JSON.stringify(type)}`,
      );
    }
  });
  if (!agentTypes.length) {
    throw new InputError(`${where}.agentTypes must name at least one type`);
  }
  const idPrefix = config.getOptionalString('idPrefix') ?? 'harness';
  if (!isAgentId(idPrefix) || idPrefix.length > 20) {
    throw new InputError(
      `${where}.idPrefix must be 1-20 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
  const refreshSeconds =
    config.getOptionalNumber('refreshIntervalSeconds') ?? 300;
  if (!(refreshSeconds >= 1)) {
    throw new InputError(
      `${where}.refreshIntervalSeconds must be a number of seconds, at least 1`,
    );
  }
  return {
    where,
    url: readApiUrl(config, where, 'apiKey'),
    uiUrl: config.getOptionalString('uiUrl'),
    accountIdentifier,
    orgIdentifier,
    projectIdentifier,
    apiKey,
    agentTypes,
    idPrefix,
    timeoutMs: readTimeoutMs(config, where),
    refreshIntervalMs: refreshSeconds * 1000,
    environments: config.getOptionalStringArray('environments'),
  };
}

/** `gitops.harness.accounts`, each checked; none when absent. */
export function readHarnessAccounts(
  gitops: Config | undefined,
): HarnessAccountConfig[] {
  const accounts = (
    gitops?.getOptionalConfigArray('harness.accounts') ?? []
  ).map(readAccount);
  const prefixes = new Set<string>();
  for (const account of accounts) {
    if (prefixes.has(account.idPrefix)) {
      throw new InputError(
        `${account.where}.idPrefix '${account.idPrefix}' is another account's too; give each account its own, so that the ids of their agents cannot meet`,
      );
    }
    prefixes.add(account.idPrefix);
  }
  return accounts;
}
