import {
  GITOPS_LABEL_ENVIRONMENT,
  GitOpsCluster,
} from '@gitops-suite/plugin-gitops-common';
import { AgentFleet } from './AgentFleet';

/** One environment an agent serves, and the clusters it runs on there. */
export interface ServedEnvironment {
  environment: string;
  clusters: GitOpsCluster[];
}

/**
 * The environments an agent serves, each with its clusters, from what the
 * fleet state knows: a cluster labelled `gitops/environment` serves that
 * environment, and a cluster serves every environment whose applications
 * the agent deploys to it now. The environments the agent's config names
 * (`configured`) are served too: by its only cluster when it has one, else
 * by no cluster that the fleet state can name. Environments come in
 * `order` (promotion order), clusters by name.
 */
export function servedEnvironments(
  fleet: AgentFleet,
  options: { configured?: string[]; order: (names: string[]) => string[] },
): ServedEnvironment[] {
  const byEnvironment = new Map<string, Set<GitOpsCluster>>();
  const serve = (environment: string, cluster?: GitOpsCluster) => {
    let clusters = byEnvironment.get(environment);
    if (!clusters) byEnvironment.set(environment, (clusters = new Set()));
    if (cluster) clusters.add(cluster);
  };
  const byRef = new Map<string, GitOpsCluster>();
  for (const cluster of fleet.clusters) {
    byRef.set(cluster.server, cluster);
    byRef.set(cluster.name, cluster);
    const label = cluster.labels[GITOPS_LABEL_ENVIRONMENT];
    if (label) serve(label, cluster);
  }
  for (const term of fleet.byEnvironmentCluster.terms()) {
    const [environment, ref] = term.split('\n');
    const cluster = byRef.get(ref);
    if (cluster) serve(environment, cluster);
  }
  const only = fleet.clusters.length === 1 ? fleet.clusters[0] : undefined;
  for (const environment of options.configured ?? []) {
    serve(environment, only);
  }
  return options.order([...byEnvironment.keys()]).map(environment => ({
    environment,
    clusters: [...byEnvironment.get(environment)!].sort((a, b) =>
      a.name.localeCompare(b.name),
    ),
  }));
}
