import {
  GitOpsAgentStatus,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import {
  AgentAccessAction,
  AgentAccessDecision,
  AgentUser,
  ApplicationRef,
  GitOpsProviderFactory,
  GitOpsProviderFactoryOptions,
  ListSnapshot,
  ProviderCallOptions,
  WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import { AgentHttpClient } from '../http/AgentHttpClient';
import { agentInfoFromConfig } from '../agentInfoFromConfig';
import { ArgoCdSessionAuth } from './ArgoCdSessionAuth';
import type { ArgoVersion } from './argoCdTypes';
import { ArgoApiProvider } from './ArgoApiProvider';
import { argoCdRouteScheme } from './argoApiRouteScheme';
import { argoCanI } from './argoCanI';

/**
 * Speaks Argo CD's REST API v1 (the API server of one Argo CD instance):
 * a bearer token or a session from username and password, the status from
 * the version and the session's user, and the watch streams.
 */
export class ArgoCdProvider extends ArgoApiProvider {
  static factory: GitOpsProviderFactory = options =>
    new ArgoCdProvider(options);

  readonly secrets: readonly string[];

  /** Argo CD takes the user's OIDC ID token where its OIDC config trusts the issuer. */
  readonly userIdentityModes = ['forward-oidc-token'] as const;

  constructor(options: GitOpsProviderFactoryOptions) {
    const { agent } = options;
    const credentials = agent.config.getOptionalConfig('credentials');
    const auth = new ArgoCdSessionAuth(
      agent.id,
      agent.url,
      {
        token: credentials?.getOptionalString('token'),
        username: credentials?.getOptionalString('username'),
        password: credentials?.getOptionalString('password'),
      },
      agent.timeoutMs,
    );
    const http = new AgentHttpClient({
      agentId: agent.id,
      baseUrl: agent.url,
      timeoutMs: agent.timeoutMs,
      authHeaders: () => auth.headers(),
      renewCredential: auth.canRenew ? () => auth.renew() : undefined,
      secrets: () => auth.secrets(),
      userAuthHeaders: token => ({ authorization: `Bearer ${token}` }),
      accessControlName: 'Argo CD RBAC',
    });
    super(
      agentInfoFromConfig(agent, { product: 'Argo CD' }),
      http,
      argoCdRouteScheme,
      {
        agentId: agent.id,
        agentKind: agent.kind,
        uiUrl: agent.uiUrl,
        environments: options.environments,
      },
    );
    this.secrets = [
      credentials?.getOptionalString('token'),
      credentials?.getOptionalString('password'),
    ].filter((secret): secret is string => Boolean(secret));
  }

  async getStatus(options?: ProviderCallOptions): Promise<GitOpsAgentStatus> {
    const checkedAt = new Date().toISOString();
    try {
      const version = await this.http.json<ArgoVersion>({
        path: '/api/version',
        signal: options?.signal,
      });
      // the version endpoint is public: prove the credential too
      await this.http.json({
        path: '/api/v1/session/userinfo',
        signal: options?.signal,
      });
      return {
        agentId: this.agent.id,
        kind: this.agent.kind,
        state: 'connected',
        version: version.Version,
        ...(version.Version && { argoCdVersion: version.Version }),
        checkedAt,
      };
    } catch (error) {
      return this.failedStatus(error, checkedAt);
    }
  }

  canI(
    ref: ApplicationRef,
    actions: readonly AgentAccessAction[],
    options: ProviderCallOptions & { user: AgentUser },
  ): Promise<Record<string, AgentAccessDecision>> {
    return argoCanI(this.http, ref, actions, options);
  }

  snapshotApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplicationSet>> {
    return this.watcher.snapshotApplicationSets(options);
  }

  watchApplicationSets(
    options: WatchOptions<GitOpsApplicationSet>,
  ): Promise<void> {
    return this.watcher.watchApplicationSets(options);
  }
}
