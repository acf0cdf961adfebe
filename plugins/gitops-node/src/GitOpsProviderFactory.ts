import type { Config } from '@backstage/config';
import type { LoggerService } from '@backstage/backend-plugin-api';
import type { EnvironmentDefinition } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsProvider } from './GitOpsProvider';

/**
 * The configuration of one agent, as read from `gitops.agents[]`.
 * @public
 */
export interface GitOpsAgentConfig {
  id: string;
  kind: string;
  title?: string;
  url: string;
  uiUrl?: string;
  region?: string;
  environments?: string[];
  timeoutMs: number;
  /** The agent's whole config block, for kind-specific keys. */
  config: Config;
}

/**
 * What a provider factory is given.
 * @public
 */
export interface GitOpsProviderFactoryOptions {
  agent: GitOpsAgentConfig;
  /** Configured environments, for resolving each application's environment. */
  environments: EnvironmentDefinition[];
  logger: LoggerService;
}

/**
 * Creates the provider of one agent of a given kind.
 * @public
 */
export type GitOpsProviderFactory = (
  options: GitOpsProviderFactoryOptions,
) => GitOpsProvider;
