import {
  GitOpsAgentStatus,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsProviderFactory,
  GitOpsProviderFactoryOptions,
  ListSnapshot,
  ProviderCallOptions,
  WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import { InputError } from '@backstage/errors';
import { AgentHttpClient } from '../http/AgentHttpClient';
import { agentInfoFromConfig } from '../agentInfoFromConfig';
import { ArgoApiProvider } from '../argocd/ArgoApiProvider';
import { ArgoCdWatcher } from '../argocd/ArgoCdWatcher';
import type { HarnessAgent } from './harnessTypes';
import {
  harnessApplicationUiUrl,
  HarnessScope,
} from './harnessApplicationUiUrl';
import {
  harnessAgentPath,
  harnessRouteScheme,
  harnessScopeQuery,
} from './harnessRouteScheme';
import { harnessWatchRoutes } from './harnessWatchRoutes';
import { normalizeHarnessAgent } from './normalizeHarnessAgent';

/** The agent's scope, from its `harness` block. */
function harnessScope(options: GitOpsProviderFactoryOptions): HarnessScope {
  const { agent } = options;
  const harness = agent.config.getOptionalConfig('harness');
  if (!harness) {
    throw new InputError(
      `gitops.agents[${agent.id}] is kind harness and needs a harness block with accountIdentifier and agentIdentifier`,
    );
  }
  return {
    accountIdentifier: harness.getString('accountIdentifier'),
    orgIdentifier: harness.getOptionalString('orgIdentifier'),
    projectIdentifier: harness.getOptionalString('projectIdentifier'),
    agentIdentifier: harness.getString('agentIdentifier'),
  };
}

/**
 * Speaks the Harness GitOps API for one Harness GitOps agent (which runs
 * Argo CD under it): `x-api-key` auth and account/org/project scoping on
 * every call ({@link harnessRouteScheme}); application payloads are Argo CD's.
 * Followed through its application watch stream, as Argo CD is
 * ({@link harnessWatchRoutes}).
 */
export class HarnessProvider extends ArgoApiProvider {
  static factory: GitOpsProviderFactory = options =>
    new HarnessProvider(options);

  private readonly scope: HarnessScope;
  private readonly watcher: ArgoCdWatcher;

  constructor(options: GitOpsProviderFactoryOptions) {
    const { agent } = options;
    const scope = harnessScope(options);
    const apiKey = agent.config.getOptionalString('credentials.token');
    if (!apiKey) {
      throw new InputError(
        `gitops.agents[${agent.id}] needs credentials.token (a Harness API key)`,
      );
    }
    const http = new AgentHttpClient({
      agentId: agent.id,
      baseUrl: agent.url,
      timeoutMs: agent.timeoutMs,
      authHeaders: async () => ({ 'x-api-key': apiKey }),
      secrets: () => [apiKey],
    });
    const uiUrl = agent.uiUrl;
    super(agentInfoFromConfig(agent), http, harnessRouteScheme(scope), {
      agentId: agent.id,
      agentKind: agent.kind,
      uiUrl,
      applicationUiUrl: uiUrl
        ? app => harnessApplicationUiUrl(uiUrl, scope, app)
        : undefined,
      environments: options.environments,
    });
    this.scope = scope;
    this.watcher = new ArgoCdWatcher(
      http,
      this.context,
      harnessWatchRoutes(scope),
    );
  }

  async getStatus(options?: ProviderCallOptions): Promise<GitOpsAgentStatus> {
    const checkedAt = new Date().toISOString();
    try {
      // AgentServiceForServerGet
      const agent = await this.http.json<HarnessAgent>({
        path: harnessAgentPath(this.scope, ''),
        query: harnessScopeQuery(this.scope),
        signal: options?.signal,
      });
      return normalizeHarnessAgent(
        agent,
        {
          agentId: this.agent.id,
          kind: this.agent.kind,
          agentIdentifier: this.scope.agentIdentifier,
        },
        checkedAt,
      );
    } catch (error) {
      return this.failedStatus(error, checkedAt);
    }
  }

  /** The lean application list (AgentApplicationServiceList), to watch from. */
  snapshotApplications(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplication>> {
    return this.watcher.snapshotApplications(options);
  }

  /** Application changes from AgentApplicationServiceWatch. */
  watchApplications(options: WatchOptions<GitOpsApplication>): Promise<void> {
    return this.watcher.watchApplications(options);
  }
}
