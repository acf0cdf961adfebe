import { NotAllowedError } from '@backstage/errors';
import type {
  AgentAccessAction,
  AgentAccessDecision,
  AgentUser,
  ApplicationRef,
  ProviderCallOptions,
} from '@gitops-suite/plugin-gitops-node';
import type { AgentHttpClient } from '../http/AgentHttpClient';
import type { HarnessScope } from './harnessApplicationUiUrl';

/**
 * The Harness permission each operation needs on a GitOps application
 * (resource type `GITOPS_APP`): a refresh needs view, sync, rollback and
 * terminate need sync, a resource action needs edit.
 */
export const HARNESS_APP_PERMISSIONS: Record<AgentAccessAction, string> = {
  refresh: 'gitops_gitopsapp_view',
  sync: 'gitops_gitopsapp_sync',
  rollback: 'gitops_gitopsapp_sync',
  terminate: 'gitops_gitopsapp_sync',
  action: 'gitops_gitopsapp_edit',
};

/** One entry of Harness's `accessControlList`. */
interface HarnessAccessCheck {
  permission?: string;
  resourceIdentifier?: string;
  permitted?: boolean;
}

interface HarnessAclResponse {
  status?: string;
  data?: { accessControlList?: HarnessAccessCheck[] | null };
}

/**
 * Asks Harness's access control (`POST /authz/api/acl`, the platform's
 * AccessControlListApi, with the agent's API key) whether the user's principal holds the permission each action
 * needs on the application; a missing answer counts as refused.
 */
export async function harnessCanI(
  http: AgentHttpClient,
  scope: HarnessScope,
  ref: ApplicationRef,
  actions: readonly AgentAccessAction[],
  options: ProviderCallOptions & { user: AgentUser },
): Promise<Record<string, AgentAccessDecision>> {
  const principal = options.user.principal;
  if (!principal) {
    throw new NotAllowedError(
      `Harness access control on ${http.agentId} cannot be asked: ${options.user.entityRef} has no Harness principal (an email in the catalog)`,
    );
  }
  const permissions = [
    ...new Set(actions.map(action => HARNESS_APP_PERMISSIONS[action])),
  ];
  const answer = await http.json<HarnessAclResponse>({
    method: 'POST',
    path: '/authz/api/acl',
    query: {
      accountIdentifier: scope.accountIdentifier,
      routingId: scope.accountIdentifier,
    },
    body: {
      principal: { principalIdentifier: principal, principalType: 'USER' },
      permissions: permissions.map(permission => ({
        resourceScope: {
          accountIdentifier: scope.accountIdentifier,
          ...(scope.orgIdentifier && { orgIdentifier: scope.orgIdentifier }),
          ...(scope.projectIdentifier && {
            projectIdentifier: scope.projectIdentifier,
          }),
        },
        resourceType: 'GITOPS_APP',
        resourceIdentifier: ref.name,
        permission,
      })),
    },
    signal: options.signal,
  });
  const permitted = new Set(
    (answer?.data?.accessControlList ?? [])
      .filter(
        check =>
          check.permitted === true &&
          (check.resourceIdentifier === undefined ||
            check.resourceIdentifier === ref.name),
      )
      .map(check => check.permission),
  );
  const decisions: Record<string, AgentAccessDecision> = {};
  for (const action of actions) {
    const permission = HARNESS_APP_PERMISSIONS[action];
    decisions[action] = permitted.has(permission)
      ? { allowed: true }
      : {
          allowed: false,
          reason: `Harness access control on ${http.agentId} refuses it: ${principal} lacks ${permission} on ${ref.name}`,
        };
  }
  return decisions;
}
