import type { Entity } from '@backstage/catalog-model';
import type { FleetScope } from '../../hooks/useEnvironmentApplications';

/** The annotation naming the GitOps environment a Resource entity stands for. */
export const ENVIRONMENT_ANNOTATION = 'gitops/environment';
/** The annotation naming the cluster a Resource entity stands for. */
export const CLUSTER_ANNOTATION = 'gitops/cluster';
/** The cluster's API server URL, as the GitOps entity provider sets it. */
export const CLUSTER_SERVER_ANNOTATION = 'gitops/cluster-server';
/** The agent deploying to the cluster, as the GitOps entity provider sets it. */
export const AGENT_ANNOTATION = 'gitops/agent';

/**
 * Which part of the fleet a Resource entity stands for: an environment
 * (`spec.type: environment`), a cluster (`spec.type: kubernetes-cluster`)
 * or an agent (`spec.type: gitops-agent`), named by annotation or else by
 * the entity's name.
 */
export function fleetScopeOf(entity: Entity): FleetScope | undefined {
  const annotations = entity.metadata.annotations ?? {};
  const type = (entity.spec as { type?: unknown } | undefined)?.type;
  if (annotations[ENVIRONMENT_ANNOTATION] || type === 'environment') {
    return {
      environment: annotations[ENVIRONMENT_ANNOTATION] ?? entity.metadata.name,
    };
  }
  if (annotations[CLUSTER_ANNOTATION] || type === 'kubernetes-cluster') {
    return {
      cluster: annotations[CLUSTER_ANNOTATION] ?? entity.metadata.name,
      ...(annotations[CLUSTER_SERVER_ANNOTATION] && {
        server: annotations[CLUSTER_SERVER_ANNOTATION],
      }),
      ...(annotations[AGENT_ANNOTATION] && {
        agent: annotations[AGENT_ANNOTATION],
      }),
    };
  }
  if (type === 'gitops-agent') {
    return { agent: annotations[AGENT_ANNOTATION] ?? entity.metadata.name };
  }
  return undefined;
}

/**
 * Whether an entity is a GitOps environment, cluster or agent (for
 * `EntitySwitch`): the Resources with a Deployments tab.
 * @public
 */
export function isGitOpsEnvironment(entity: Entity): boolean {
  return (
    entity.kind.toLowerCase() === 'resource' &&
    fleetScopeOf(entity) !== undefined
  );
}
