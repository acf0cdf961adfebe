import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef, Entity } from '@backstage/catalog-model';
import {
  gitopsApplicationReadPermission,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsService } from './GitOpsService';

/**
 * The entity as the caller may see it in the catalog, with the GitOps query
 * its annotations describe, once `gitops.application.read` on it is
 * allowed: what every read of an entity's applications starts with.
 */
export async function readableEntity(
  ctx: GitOpsService,
  credentials: BackstageCredentials,
  ref: CompoundEntityRef,
): Promise<{ entity: Entity; entityRef: string; query: GitOpsEntityQuery }> {
  const found = await ctx.entityByRef(ref, credentials);
  await ctx.authorizeEntity(
    credentials,
    gitopsApplicationReadPermission,
    found.entityRef,
  );
  return found;
}
