import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef } from '@backstage/catalog-model';
import {
  AgentError,
  AgentFreshness,
  EnvironmentGroup,
  groupByEnvironment,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsService } from './GitOpsService';
import { readableEntity } from './readableEntity';

/**
 * An entity's applications grouped by environment in promotion order, with
 * the agents that failed; needs `gitops.application.read` on the entity.
 */
export async function readEntityApplications(
  ctx: GitOpsService,
  credentials: BackstageCredentials,
  ref: CompoundEntityRef,
): Promise<{
  entityRef: string;
  environments: EnvironmentGroup[];
  errors: AgentError[];
  freshness: AgentFreshness[];
}> {
  const { entityRef, query } = await readableEntity(ctx, credentials, ref);
  const { items, errors, freshness } =
    await ctx.deps.aggregator.entityApplications(query);
  return {
    entityRef,
    environments: groupByEnvironment(items, ctx.deps.environments),
    errors,
    freshness,
  };
}
