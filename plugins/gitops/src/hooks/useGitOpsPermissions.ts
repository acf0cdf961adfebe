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
  const refresh = usePermission({
    permission: gitopsApplicationRefreshPermission,
    resourceRef: entityRef,
  });
  const sync = usePermission({
    permission: gitopsApplicationSyncPermission,
    resourceRef: entityRef,
  });
  const rollback = usePermission({
    permission: gitopsApplicationRollbackPermission,
    resourceRef: entityRef,
  });
  const terminate = usePermission({
    permission: gitopsApplicationTerminatePermission,
    resourceRef: entityRef,
  });
  const action = usePermission({
    permission: gitopsApplicationResourceActionPermission,
    resourceRef: entityRef,
  });
  const syncPolicy = usePermission({
    permission: gitopsApplicationSyncPolicyUpdatePermission,
    resourceRef: entityRef,
  });
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
