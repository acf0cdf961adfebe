import { NotFoundError } from '@backstage/errors';
import {
  applicationMatchesQuery,
  GitOpsApplication,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsProvider } from '@gitops-suite/plugin-gitops-node';
import { RouteContext } from './RouteContext';

/**
 * The provider and listed application behind an entity's application route,
 * refusing apps that the entity's annotations do not select (a forged
 * entity ref must not reach another team's application).
 */
export async function findEntityApplication(
  ctx: RouteContext,
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
  const apps = await ctx.deps.aggregator.agentApplications(provider);
  const app = apps.find(
    candidate =>
      candidate.name === name &&
      (appNamespace === undefined || candidate.namespace === appNamespace),
  );
  if (!app) throw notFound();
  if (!applicationMatchesQuery(app, query)) {
    const sets = query.applicationSets?.length
      ? await ctx.deps.aggregator.agentApplicationSets(provider)
      : [];
    const generated = sets.some(
      set =>
        query.applicationSets?.includes(set.name) &&
        set.applications.includes(app.name),
    );
    if (!generated) throw notFound();
  }
  return { provider, app };
}
