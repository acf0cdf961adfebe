import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  type AgentAccessAction,
  type AgentAccessDecision,
  type ApplicationRef,
  type GitOpsProvider,
  hasProviderCapability,
} from '@gitops-suite/plugin-gitops-node';
import { AgentIdentityKind, AgentUserIdentity } from './AgentUserIdentity';

/** The operations the drawer offers, each asked of the agent. */
export const AGENT_ACCESS_ACTIONS: readonly AgentAccessAction[] = [
  'refresh',
  'sync',
  'rollback',
  'terminate',
  'action',
];

/** What the agent's own access control lets the caller do on one application. */
export interface AgentPermissionsAnswer {
  identity: AgentIdentityKind;
  actions: Record<AgentAccessAction, AgentAccessDecision>;
}

interface Kept {
  expiresAt: number;
  decision: AgentAccessDecision;
}

function everyAction(
  decision: AgentAccessDecision,
): Record<AgentAccessAction, AgentAccessDecision> {
  return Object.fromEntries(
    AGENT_ACCESS_ACTIONS.map(action => [action, decision]),
  ) as Record<AgentAccessAction, AgentAccessDecision>;
}

/**
 * Whether the agent would let the signed-in user run each operation on an
 * application (Argo CD's `can-i`, Harness's ACL), for buttons that tell the
 * truth. Each answer is kept briefly per user, application and action (the
 * decision only, never the token); the token is verified on every ask, so
 * a kept answer never outlives the user's sign-in.
 */
export class AgentPermissions {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly identity: AgentUserIdentity,
    private readonly options: {
      ttlMs?: number;
      maxEntries?: number;
      clock?: () => number;
    } = {},
  ) {}

  async forApplication(
    credentials: BackstageCredentials,
    provider: GitOpsProvider,
    ref: ApplicationRef,
    userToken: string | undefined,
  ): Promise<AgentPermissionsAnswer> {
    const agentId = provider.agent.id;
    const identity = this.identity.kind(credentials, agentId);
    if (
      identity === 'shared-credential' ||
      !hasProviderCapability(provider, 'userIdentity')
    ) {
      return { identity, actions: everyAction({ allowed: true }) };
    }
    try {
      return {
        identity,
        actions: await this.ask(credentials, provider, ref, userToken),
      };
    } catch (error) {
      // the token missing, expired, or refused by the agent: every button
      // says so (the operation itself would answer 401)
      if ((error as Error).name !== 'AuthenticationError') throw error;
      return {
        identity,
        actions: everyAction({
          allowed: false,
          reason: (error as Error).message,
        }),
      };
    }
  }

  private async ask(
    credentials: BackstageCredentials,
    provider: GitOpsProvider,
    ref: ApplicationRef,
    userToken: string | undefined,
  ): Promise<Record<AgentAccessAction, AgentAccessDecision>> {
    const agentId = provider.agent.id;
    const user = await this.identity.forOperation(
      credentials,
      agentId,
      userToken,
    );
    if (!user || !hasProviderCapability(provider, 'userIdentity')) {
      return everyAction({ allowed: true });
    }
    const now = (this.options.clock ?? Date.now)();
    const key = (action: AgentAccessAction) =>
      JSON.stringify([
        user.entityRef,
        agentId,
        ref.namespace,
        ref.name,
        action,
      ]);
    const actions = {} as Record<AgentAccessAction, AgentAccessDecision>;
    const missing: AgentAccessAction[] = [];
    for (const action of AGENT_ACCESS_ACTIONS) {
      const entry = this.kept.get(key(action));
      if (entry && entry.expiresAt > now) actions[action] = entry.decision;
      else missing.push(action);
    }
    if (missing.length) {
      const asked = await provider.canI(ref, missing, { user });
      for (const action of missing) {
        const decision = asked[action] ?? {
          allowed: false,
          reason: `Agent ${agentId} gave no answer for ${action}`,
        };
        actions[action] = decision;
        this.keep(key(action), decision, now);
      }
    }
    return actions;
  }

  private keep(key: string, decision: AgentAccessDecision, now: number) {
    const max = this.options.maxEntries ?? 10_000;
    this.kept.delete(key);
    this.kept.set(key, {
      expiresAt: now + (this.options.ttlMs ?? 30_000),
      decision,
    });
    while (this.kept.size > max) {
      this.kept.delete(this.kept.keys().next().value!);
    }
  }
}
