import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import { EnvironmentDefinition } from '@gitops-suite/plugin-gitops-common';
import { GitOpsAgentConfig } from '@gitops-suite/plugin-gitops-node';

/** The `gitops` config block, read and checked once at start-up. */
export interface GitOpsConfig {
  agents: GitOpsAgentConfig[];
  environments: EnvironmentDefinition[];
  cacheTtlMs: number;
  pollerFrequencySeconds: number;
  pollerTimeoutSeconds: number;
  extraProxyPaths: RegExp[];
}

const DEFAULT_TIMEOUT_MS = 5000;
const ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,62}$/;

function readAgent(config: Config, index: number): GitOpsAgentConfig {
  const id = config.getString('id');
  const where = `gitops.agents[${index}] (${id})`;
  if (!ID_PATTERN.test(id)) {
    throw new InputError(
      `${where}: id must be 1-63 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
  const url = config.getString('url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(`${where}: url is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InputError(`${where}: url must be http or https`);
  }
  if (parsed.username || parsed.password) {
    throw new InputError(
      `${where}: url must not carry credentials; use credentials.token`,
    );
  }
  const timeoutMs = config.getOptionalNumber('timeoutMs') ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0 && timeoutMs <= 120_000)) {
    throw new InputError(`${where}: timeoutMs must be between 1 and 120000`);
  }
  return {
    id,
    kind: config.getString('kind'),
    title: config.getOptionalString('title'),
    url: url.replace(/\/+$/, ''),
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
    environments,
    cacheTtlMs: (config?.getOptionalNumber('cache.ttlSeconds') ?? 15) * 1000,
    pollerFrequencySeconds:
      config?.getOptionalNumber('poller.frequencySeconds') ?? 30,
    pollerTimeoutSeconds:
      config?.getOptionalNumber('poller.timeoutSeconds') ?? 60,
    extraProxyPaths,
  };
}
