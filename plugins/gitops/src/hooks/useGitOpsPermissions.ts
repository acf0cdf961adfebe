import {
  gitopsApplicationRefreshPermission,
  gitopsApplicationResourceActionPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
  gitopsApplicationSyncPolicyUpdatePermission,
  gitopsApplicationTerminatePermission,
} from '@gitops-suite/plugin-gitops-common';
import { usePermission } from '@backstage/plugin-permission-react';

/** Which operations the user may run on an entity's applications. */
export interface GitOpsOperationPermissions {
  canRefresh: boolean;
  canSync: boolean;
  canRollback: boolean;
  canTerminate: boolean;
  canRunActions: boolean;
  /** Turn automated sync, prune and self-heal on and off. */
  canUpdateSyncPolicy: boolean;
  loading: boolean;
}

/** The user's operation permissions on one catalog entity. */
export function useGitOpsPermissions(
  entityRef: string,
): GitOpsOperationPermissions {
  // Each permission is checked on the entity; the number and order of the
  // calls never change, as hooks require.
  const useAllowed = (permission: typeof gitopsApplicationSyncPermission) =>
    usePermission({ permission, resourceRef: entityRef });
  const refresh = useAllowed(gitopsApplicationRefreshPermission);
  const sync = useAllowed(gitopsApplicationSyncPermission);
  const rollback = useAllowed(gitopsApplicationRollbackPermission);
  const terminate = useAllowed(gitopsApplicationTerminatePermission);
  const action = useAllowed(gitopsApplicationResourceActionPermission);
  const syncPolicy = useAllowed(gitopsApplicationSyncPolicyUpdatePermission);
  return {
    canRefresh: refresh.allowed,
    canSync: sync.allowed,
    canRollback: rollback.allowed,
    canTerminate: terminate.allowed,
    canRunActions: action.allowed,
    canUpdateSyncPolicy: syncPolicy.allowed,
    loading:
      refresh.loading ||
      sync.loading ||
      rollback.loading ||
      terminate.loading ||
      action.loading ||
      syncPolicy.loading,
  };
}
