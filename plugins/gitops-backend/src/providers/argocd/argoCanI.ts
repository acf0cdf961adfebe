import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';
import type {
  AgentAccessAction,
  AgentAccessDecision,
  AgentUser,
  ApplicationRef,
  ProviderCallOptions,
} from '@gitops-suite/plugin-gitops-node';
import type { AgentHttpClient } from '../http/AgentHttpClient';

/**
 * The Argo CD RBAC action each operation needs, as Argo CD's API server
 * enforces it: a refresh is a `get`; sync, rollback and terminate are
 * `sync`; a resource action is `action/<group>/<kind>/<action>`, asked here
 * as any action (`action/*`).
 */
export const ARGO_RBAC_ACTIONS: Record<AgentAccessAction, string> = {
  refresh: 'get',
  sync: 'sync',
  rollback: 'sync',
  terminate: 'sync',
  action: 'action/*',
};

/** The RBAC object of an application: `<project>/<name>`, with its namespace outside Argo CD's own. */
function rbacObject(ref: ApplicationRef): string {
  const project = ref.project || 'default';
  return ref.namespace && ref.namespace !== 'argocd'
    ? `${project}/${ref.namespace}/${ref.name}`
    : `${project}/${ref.name}`;
}

/**
 * Asks Argo CD whether the user whose token `options.user` carries may do
 * each action on the application (`GET /api/v1/account/can-i/applications/
 * {action}/{project/name}`, answered `{value: "yes"|"no"}`); one call per
 * distinct RBAC action.
 */
export async function argoCanI(
  http: AgentHttpClient,
  ref: ApplicationRef,
  actions: readonly AgentAccessAction[],
  options: ProviderCallOptions & { user: AgentUser },
): Promise<Record<string, AgentAccessDecision>> {
  const object = rbacObject(ref);
  const asked = new Map<string, Promise<boolean | undefined>>();
  const ask = (rbacAction: string) => {
    let answer = asked.get(rbacAction);
    if (!answer) {
      answer = http
        .json<{ value?: string }>({
          path: `/api/v1/account/can-i/applications/${encodeURIComponent(
            rbacAction,
          )}/${encodeURIComponent(object)}`,
          signal: options.signal,
          userToken: options.user.idToken,
        })
        .then(
          body => body?.value === 'yes',
          error => {
            // an action this Argo CD's can-i does not know (a resource
            // action, in some versions): Argo CD decides when it runs
            if (
              error instanceof GitOpsAgentError &&
              error.code === 'invalid_request'
            ) {
              return undefined;
            }
            throw error;
          },
        );
      asked.set(rbacAction, answer);
    }
    return answer;
  };
  const decisions: Record<string, AgentAccessDecision> = {};
  for (const action of actions) {
    const rbacAction = ARGO_RBAC_ACTIONS[action];
    const allowed = await ask(rbacAction);
    decisions[action] =
      allowed !== false
        ? { allowed: true }
        : {
            allowed: false,
            reason: `Argo CD RBAC on ${http.agentId} refuses it: applications, ${rbacAction}, ${object}`,
          };
  }
  return decisions;
}
