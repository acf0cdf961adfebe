import { GitOpsProvider } from '@gitops-suite/plugin-gitops-node';
import { AgentFleet } from './AgentFleet';
import { AgentSnapshot } from './types';

/**
 * The slow-changing parts of an agent (ApplicationSets when not watched,
 * clusters, repositories, status), read next to its application list.
 * A part the agent refuses keeps what was held: an agent whose credential
 * may not list repositories still has a live application feed.
 */
export async function readInventory(
  provider: GitOpsProvider,
  held: AgentFleet | undefined,
  signal: AbortSignal,
  withApplicationSets: boolean,
): Promise<Omit<AgentSnapshot, 'applications'>> {
  const keep = <T>(call: Promise<T>, fallback: T) => call.catch(() => fallback);
  const [applicationSets, clusters, repositories, status] = await Promise.all([
    withApplicationSets
      ? keep(provider.listApplicationSets({ signal }), [
          ...(held?.appSets.values() ?? []),
        ])
      : Promise.resolve([]),
    keep(provider.listClusters({ signal }), held?.clusters ?? []),
    keep(provider.listRepositories({ signal }), held?.repositories ?? []),
    keep(provider.getStatus({ signal }), held?.status),
  ]);
  return { applicationSets, clusters, repositories, status };
}
