import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import { EnvironmentDefinition } from '@gitops-suite/plugin-gitops-common';
import { GitOpsAgentConfig } from '@gitops-suite/plugin-gitops-node';
import { ProjectRule, readProjectRules } from '../trust/projectRules';
import { isAgentId, readApiUrl, readTimeoutMs } from './agentConfigFields';
import {
  HarnessAccountConfig,
  readHarnessAccounts,
} from './readHarnessAccounts';

/** The `gitops` config block, read and checked once at start-up. */
export interface GitOpsConfig {
  agents: GitOpsAgentConfig[];
  /** `gitops.harness.accounts`: where more Harness agents are found. */
  harnessAccounts: HarnessAccountConfig[];
  environments: EnvironmentDefinition[];
  /** `gitops.projects`: which owners each AppProject belongs to. */
  projects: ProjectRule[];
  /** How often a polled agent's list is read. */
  fleetPollIntervalMs: number;
  /** How often a watched agent is re-listed and its streams reopened. */
  fleetResyncIntervalMs: number;
  /** How long an entity's catalog lookup is kept (0: not kept). */
  entityLookupTtlMs: number;
  /** Fleet snapshots in the shared cache, when on. */
  fleetSnapshot?: { writeIntervalMs: number; maxAgeMs: number };
  extraProxyPaths: RegExp[];
  fleetReconnectMaxMs: number;
  /** `gitops.logs`: where a logs stream is cut. */
  logLimits: LogLimits;
  /** `gitops.applicationSets`: how much one ApplicationSet may generate. */
  applicationSetLimits: ApplicationSetLimits;
}

/**
 * How much one ApplicationSet's preview or create may generate: a count of
 * applications, and the bytes of the agent's generate answer read (the
 * call is cut off past them, nothing parsed).
 */
export interface ApplicationSetLimits {
  maxGeneratedApplications: number;
  maxGenerateResponseBytes: number;
}

/** The config keys of {@link ApplicationSetLimits}, named in refusals. */
export const APPLICATION_SET_LIMIT_KEYS: Record<
  keyof ApplicationSetLimits,
  string
> = {
  maxGeneratedApplications: 'gitops.applicationSets.maxGeneratedApplications',
  maxGenerateResponseBytes: 'gitops.applicationSets.maxGenerateResponseBytes',
};

/**
 * The defaults: 500 applications, and 2 MiB of answer, which parses in
 * tens of milliseconds (one event-loop turn) and holds 500 applications of
 * up to 4 KB each.
 */
export const DEFAULT_APPLICATION_SET_LIMITS: ApplicationSetLimits = {
  maxGeneratedApplications: 500,
  maxGenerateResponseBytes: 2 * 1024 * 1024,
};

/** Where a logs stream is cut: its size and how long it stays open. */
export interface LogLimits {
  maxBytes: number;
  maxMs: number;
}

function readAgent(config: Config, index: number): GitOpsAgentConfig {
  const id = config.getString('id');
  const where = `gitops.agents[${index}] (${id})`;
  if (!isAgentId(id)) {
    throw new InputError(
      `${where}: id must be 1-63 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
  const url = readApiUrl(config, where, 'credentials.token');
  const timeoutMs = readTimeoutMs(config, where);
  return {
    id,
    kind: config.getString('kind'),
    title: config.getOptionalString('title'),
    url,
    uiUrl: config.getOptionalString('uiUrl'),
    region: config.getOptionalString('region'),
    environments: config.getOptionalStringArray('environments'),
    timeoutMs,
    config,
  };
}

function readEnvironment(config: Config, index: number): EnvironmentDefinition {
  const name = config.getString('name');
  const env: EnvironmentDefinition = {
    name,
    order: config.getOptionalNumber('order') ?? index + 1,
  };
  const title = config.getOptionalString('title');
  if (title) env.title = title;
  const production = config.getOptionalBoolean('production');
  if (production !== undefined) env.production = production;
  const preview = config.getOptionalBoolean('preview');
  if (preview !== undefined) env.preview = preview;
  const matchers = config.getOptionalConfigArray('matchers');
  if (matchers?.length) {
    env.matchers = matchers.map(m => ({
      ...(m.getOptionalString('cluster') && {
        cluster: m.getString('cluster'),
      }),
      ...(m.getOptionalString('server') && { server: m.getString('server') }),
      ...(m.getOptionalString('namespace') && {
        namespace: m.getString('namespace'),
      }),
      ...(m.getOptionalString('agent') && { agent: m.getString('agent') }),
    }));
  }
  return env;
}

function positiveSeconds(
  config: Config | undefined,
  key: string,
  fallback: number,
): number {
  const seconds = config?.getOptionalNumber(key) ?? fallback;
  if (!(seconds > 0)) {
    throw new InputError(`gitops.${key} must be a positive number of seconds`);
  }
  return seconds * 1000;
}

/** `gitops.applicationSets`: whole numbers from 1 up to `max`. */
function readApplicationSetLimits(
  config: Config | undefined,
): ApplicationSetLimits {
  const read = (key: keyof ApplicationSetLimits, max: number): number => {
    const name = APPLICATION_SET_LIMIT_KEYS[key];
    const raw = config?.getOptional(`applicationSets.${key}`);
    if (raw === undefined) return DEFAULT_APPLICATION_SET_LIMITS[key];
    const value = typeof raw === 'string' && raw.trim() ? Number(raw) : raw;
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < 1 ||
      value > max
    ) {
      throw new InputError(
        `${name} must be a whole number from 1 to ${max}, got ${JSON.stringify(
          raw,
        )}`,
      );
    }
    return value;
  };
  return {
    maxGeneratedApplications: read('maxGeneratedApplications', 100_000),
    maxGenerateResponseBytes: read('maxGenerateResponseBytes', 256 * 2 ** 20),
  };
}

function positiveNumber(
  config: Config | undefined,
  key: string,
  fallback: number,
): number {
  const value = config?.getOptionalNumber(key) ?? fallback;
  if (!(value > 0)) {
    throw new InputError(`gitops.${key} must be a positive number`);
  }
  return value;
}

export function readGitOpsConfig(root: Config): GitOpsConfig {
  const config = root.getOptionalConfig('gitops');
  const agents = (config?.getOptionalConfigArray('agents') ?? []).map(
    readAgent,
  );
  const seen = new Set<string>();
  for (const agent of agents) {
    if (seen.has(agent.id)) {
      throw new InputError(`gitops.agents: the id '${agent.id}' is used twice`);
    }
    seen.add(agent.id);
  }
  const environments = (
    config?.getOptionalConfigArray('environments') ?? []
  ).map(readEnvironment);
  const names = new Set<string>();
  for (const env of environments) {
    if (names.has(env.name)) {
      throw new InputError(
        `gitops.environments: the name '${env.name}' is used twice`,
      );
    }
    names.add(env.name);
  }
  const extraProxyPaths = (
    config?.getOptionalStringArray('proxy.allowedPaths') ?? []
  ).map((pattern, i) => {
    try {
      return new RegExp(`^(?:${pattern})$`);
    } catch {
      throw new InputError(
        `gitops.proxy.allowedPaths[${i}] is not a valid regular expression`,
      );
    }
  });
  return {
    agents,
    harnessAccounts: readHarnessAccounts(config),
    environments,
    projects: readProjectRules(config),
    fleetPollIntervalMs: positiveSeconds(
      config,
      'fleet.pollIntervalSeconds',
      30,
    ),
    fleetResyncIntervalMs: positiveSeconds(
      config,
      'fleet.resyncIntervalSeconds',
      600,
    ),
    fleetReconnectMaxMs: positiveSeconds(
      config,
      'fleet.reconnectMaxSeconds',
      30,
    ),
    fleetSnapshot: readFleetSnapshot(root),
    entityLookupTtlMs:
      Math.max(0, config?.getOptionalNumber('catalog.cacheSeconds') ?? 10) *
      1000,
    extraProxyPaths,
    logLimits: {
      maxBytes: positiveNumber(config, 'logs.maxBytes', 1_048_576),
      maxMs: positiveSeconds(config, 'logs.maxSeconds', 300),
    },
    applicationSetLimits: readApplicationSetLimits(config),
  };
}

/** `gitops.fleet.snapshot`: on by default where the cache is shared. */
function readFleetSnapshot(root: Config): GitOpsConfig['fleetSnapshot'] {
  const config = root.getOptionalConfig('gitops.fleet.snapshot');
  const store = root.getOptionalString('backend.cache.store') ?? 'memory';
  if (!(config?.getOptionalBoolean('enabled') ?? store !== 'memory')) {
    return undefined;
  }
  return {
    writeIntervalMs:
      (config?.getOptionalNumber('writeIntervalSeconds') ?? 300) * 1000,
    maxAgeMs: (config?.getOptionalNumber('maxAgeSeconds') ?? 3600) * 1000,
  };
}
