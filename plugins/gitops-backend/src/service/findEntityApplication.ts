import { NotFoundError } from '@backstage/errors';
import {
  GitOpsApplication,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { GitOpsService } from './GitOpsService';

/**
 * The provider and listed application behind an entity's application route,
 * refusing apps that the entity's annotations do not select (a forged
 * entity ref must not reach another team's application).
 */
export async function findEntityApplication(
  ctx: GitOpsService,
  entityRef: string,
  query: GitOpsEntityQuery,
  agentId: string,
  name: string,
  appNamespace: string | undefined,
): Promise<{ provider: GitOpsProvider; app: GitOpsApplication }> {
  const notFound = () =>
    new NotFoundError(
      `Application ${name} on agent ${agentId} does not belong to ${entityRef}`,
    );
  if (query.agents?.length && !query.agents.includes(agentId)) throw notFound();
  const provider = ctx.deps.registry.get(agentId);
  // the entity's applications on that agent: the one selection rule
  const apps = await ctx.deps.aggregator.entityApplications({
    ...query,
    agents: [agentId],
  });
  const app = apps.items.find(
    candidate =>
      candidate.name === name &&
      (appNamespace === undefined || candidate.namespace === appNamespace),
  );
  if (!app) {
    const failed = apps.errors.find(e => e.agentId === agentId);
    if (
      failed &&
      !apps.freshness.some(f => f.agentId === agentId && f.syncedAt)
    ) {
      throw new GitOpsAgentError(
        agentId,
        failed.code,
        failed.message,
        failed.status,
      );
    }
    throw notFound();
  }
  return { provider, app };
}
