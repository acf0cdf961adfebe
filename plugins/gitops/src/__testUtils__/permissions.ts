import type { PermissionApi } from '@backstage/plugin-permission-react';

type Decision = Awaited<ReturnType<PermissionApi['authorize']>>;

/** A PermissionApi that denies everything, or only the named permissions. */
export function denyingPermissionApi(names?: string[]): PermissionApi {
  return {
    authorize: async request => {
      const denied = !names || names.includes(request.permission.name);
      return { result: denied ? 'DENY' : 'ALLOW' } as Decision;
    },
  };
}
