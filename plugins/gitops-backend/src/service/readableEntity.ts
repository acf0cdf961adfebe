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
  const lookup = ctx.deps.entityLookup;
  try {
    await ctx.authorizeEntity(
      credentials,
      gitopsApplicationReadPermission,
      found.entityRef,
    );
  } catch (error) {
    lookup.reportRead(found.entityRef, credentials, false);
    throw error;
  }
  // the signed-in readers of an entity are told when it changes (signals)
  lookup.reportRead(found.entityRef, credentials, true);
  return found;
}
