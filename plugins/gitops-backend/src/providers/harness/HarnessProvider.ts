import {
  GitOpsAgentStatus,
  stripHarnessScope,
} from '@gitops-suite/plugin-gitops-common';
import {
  AgentAccessAction,
  AgentAccessDecision,
  AgentUser,
  ApplicationRef,
  GitOpsProviderFactory,
  GitOpsProviderFactoryOptions,
  ProviderCallOptions,
} from '@gitops-suite/plugin-gitops-node';
import { InputError, NotAllowedError } from '@backstage/errors';
import { AgentHttpClient } from '../http/AgentHttpClient';
import { agentInfoFromConfig } from '../agentInfoFromConfig';
import { ArgoApiProvider } from '../argocd/ArgoApiProvider';
import type { HarnessAgent } from './harnessTypes';
import {
  harnessApplicationUiUrl,
  HarnessScope,
  harnessScopeLabels,
} from './harnessApplicationUiUrl';
import {
  harnessAgentPath,
  harnessRouteScheme,
  harnessScopeQuery,
} from './harnessRouteScheme';
import { harnessWatchRoutes } from './harnessWatchRoutes';
import { harnessCanI } from './harnessAccessControl';
import { normalizeHarnessAgent } from './normalizeHarnessAgent';
import { HARNESS_LABEL_SERVICE_REF } from './harnessLabels';

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
  readonly secrets: readonly string[];

  /** Harness's access control is asked about the user before each operation. */
  readonly userIdentityModes = ['harness-acl'] as const;

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
    super(
      agentInfoFromConfig(agent, {
        product: 'Harness GitOps',
        scope: harnessScopeLabels(scope),
      }),
      http,
      harnessRouteScheme(scope),
      {
        agentId: agent.id,
        agentKind: agent.kind,
        uiUrl,
        applicationUiUrl: uiUrl
          ? app => harnessApplicationUiUrl(uiUrl, scope, app)
          : undefined,
        environments: options.environments,
      },
      harnessWatchRoutes(scope),
    );
    this.scope = scope;
    this.secrets = [apiKey];
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

  canI(
    ref: ApplicationRef,
    actions: readonly AgentAccessAction[],
    options: ProviderCallOptions & { user: AgentUser },
  ): Promise<Record<string, AgentAccessDecision>> {
    return harnessCanI(this.http, this.scope, ref, actions, options);
  }

  /** An operation made as a user waits for Harness's access control to allow it. */
  protected async checkUserAccess(
    ref: ApplicationRef,
    action: AgentAccessAction,
    options?: ProviderCallOptions,
  ): Promise<void> {
    const user = options?.user;
    if (!user) return;
    const decision = (await this.canI(ref, [action], { ...options, user }))[
      action
    ];
    if (!decision?.allowed) {
      throw new NotAllowedError(decision?.reason);
    }
  }

  /**
   * Harness's service reference label, in each scoped form a reference
   * takes (`svc`, `account.svc`, `org.svc`, as given).
   */
  serviceSelectors(services: string[]): string[] {
    const refs = new Set(
      services.flatMap(service => {
        const bare = stripHarnessScope(service);
        return [service, bare, `account.${bare}`, `org.${bare}`];
      }),
    );
    return [`${HARNESS_LABEL_SERVICE_REF} in (${[...refs].join(',')})`];
  }
}
