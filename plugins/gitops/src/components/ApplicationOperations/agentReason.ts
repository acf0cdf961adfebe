import type { AgentPermissions } from '../../api';

/** An operation the agent decides, as `agent-permissions` names it. */
export type AgentAction = keyof AgentPermissions['actions'];

const VERBS: Record<AgentAction, string> = {
  refresh: 'refresh',
  sync: 'sync',
  rollback: 'roll back',
  terminate: 'terminate operations of',
  action: 'run resource actions on',
};

/**
 * Why the application's agent would refuse `action` to the signed-in user,
 * in the agent's words ("Argo CD RBAC refuses it: permission denied: …");
 * undefined when it would not, when nothing is known yet, or when the
 * operation goes with the backend's shared credential (the agent then
 * refuses nothing of its own).
 */
export function agentRefusal(
  permissions: AgentPermissions | undefined,
  action: AgentAction,
): string | undefined {
  if (!permissions || permissions.identity === 'shared-credential') {
    return undefined;
  }
  const decision = permissions.actions?.[action];
  if (!decision || decision.allowed) {
    return undefined;
  }
  return (
    decision.reason?.trim() ||
    `The agent refuses to let you ${VERBS[action]} this application.`
  );
}
