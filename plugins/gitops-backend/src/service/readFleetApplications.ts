import { BackstageCredentials } from '@backstage/backend-plugin-api';
import {
  AgentError,
  AgentFreshness,
  FleetApplicationFilter,
  gitopsFleetReadPermission,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsService } from './GitOpsService';

/**
 * The fleet's applications narrowed by `filter`, with the agents that
 * failed; needs `gitops.fleet.read`.
 */
export async function readFleetApplications(
  ctx: GitOpsService,
  credentials: BackstageCredentials,
  filter: FleetApplicationFilter,
): Promise<{
  items: GitOpsApplication[];
  errors: AgentError[];
  freshness: AgentFreshness[];
}> {
  await ctx.authorize(credentials, gitopsFleetReadPermission);
  const { aggregator, registry } = ctx.deps;
  const agentsById = Object.fromEntries(
    registry.list().map(provider => [provider.agent.id, provider.agent]),
  );
  return aggregator.filteredApplications(filter, agentsById);
}
