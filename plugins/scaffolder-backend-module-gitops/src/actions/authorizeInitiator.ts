import {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  ResourcePermission,
} from '@backstage/plugin-permission-common';

type EntityPermission = ResourcePermission<'catalog-entity'>;

/**
 * Checks `permission` on `entityRef` for the user who started the task,
 * before the action makes any network call or changes anything: the
 * scaffolder runs tasks with its own identity, so without this a template
 * would act for anyone who may run it. Anything but an explicit allow (the
 * owner-conditional policies resolve through the catalog) is a refusal that
 * names the action, the permission and the entity.
 */
export async function authorizeInitiator(options: {
  permissions: PermissionsService;
  ctx: { getInitiatorCredentials(): Promise<BackstageCredentials> };
  permission: EntityPermission;
  entityRef: string;
  actionId: string;
}): Promise<void> {
  const { permissions, ctx, permission, entityRef, actionId } = options;
  const credentials = await ctx.getInitiatorCredentials();
  const [decision] = await permissions.authorize(
    [{ permission, resourceRef: entityRef }],
    { credentials },
  );
  if (decision?.result !== AuthorizeResult.ALLOW) {
    throw new NotAllowedError(
      `${actionId}: not allowed: ${permission.name} on ${entityRef} for the user who started this task`,
    );
  }
}
