import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef, Entity } from '@backstage/catalog-model';
import { ResourcePermission } from '@backstage/plugin-permission-common';
import {
  EntityApplicationRef,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { GitOpsService } from './GitOpsService';
import { findEntityApplication } from './findEntityApplication';

/**
 * One application of a catalog entity, as a route or an action names it:
 * common's `EntityApplicationRef` with the entity ref parsed where it came
 * in (a route's path, an action's input).
 */
export type ApplicationTarget = Omit<EntityApplicationRef, 'entityRef'> & {
  entityRef: CompoundEntityRef;
};

/**
 * Looks the entity up as the caller may see it, checks `permission` on it,
 * and finds the application among those the entity selects.
 */
export async function resolveEntityApplication(
  ctx: GitOpsService,
  credentials: BackstageCredentials,
  target: ApplicationTarget,
  permission: ResourcePermission<'catalog-entity'>,
): Promise<{
  entityRef: string;
  entity: Entity;
  provider: GitOpsProvider;
  app: GitOpsApplication;
  ref: ApplicationRef;
}> {
  const { entityRef, entity, query } = await ctx.entityByRef(
    target.entityRef,
    credentials,
  );
  await ctx.authorizeEntity(credentials, permission, entityRef);
  const { provider, app } = await findEntityApplication(
    ctx,
    entityRef,
    query,
    target.agentId,
    target.name,
    target.namespace,
  );
  const ref: ApplicationRef = {
    name: app.name,
    namespace: app.namespace,
    project: app.project,
  };
  return { entityRef, entity, provider, app, ref };
}
