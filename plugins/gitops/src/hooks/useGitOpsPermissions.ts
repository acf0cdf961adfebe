import {
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
} from '@gitops-suite/plugin-gitops-common';
import { usePermission } from '@backstage/plugin-permission-react';

/** Which operations the user may run on an entity's applications. */
export interface GitOpsOperationPermissions {
  canRefresh: boolean;
  canSync: boolean;
  canRollback: boolean;
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
  return {
    canRefresh: refresh.allowed,
    canSync: sync.allowed,
    canRollback: rollback.allowed,
    loading: refresh.loading || sync.loading || rollback.loading,
  };
}
