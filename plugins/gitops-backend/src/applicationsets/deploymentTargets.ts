import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, ServiceUnavailableError } from '@backstage/errors';
import {
  gitopsFleetReadPermission,
  sortEnvironments,
} from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import { ServedEnvironment } from '../fleet/servedEnvironments';
import { ownerRef } from '../trust/projectRules';

/** Where a new service deploys: its owner's project, a cluster per environment. */
export interface DeploymentTargets {
  agentId: string;
  owner: string;
  project: string;
  environments: Array<{ name: string; cluster: string; server: string }>;
}

/** "dev on nonprod, prod on prod", or "none". */
function describeServed(served: ServedEnvironment[]): string {
  const described = served
    .filter(s => s.clusters.length)
    .map(s => `${s.environment} on ${s.clusters.map(c => c.name).join(', ')}`);
  return described.join('; ') || 'none';
}

/** The owner's project on the agent: the only one, or the one asked for. */
function pickProject(
  ctx: Pick<
    GitOpsServices,
    'access' | 'environments' | 'fleet' | 'providers' | 'trust'
  >,
  agentId: string,
  owner: string,
  asked?: string,
): string {
  const projects = ctx.trust.ownerProjects(agentId, owner);
  if (projects.length === 0) {
    throw new InputError(
      `${owner} owns no project on agent ${agentId}: map an Argo CD project to it in gitops.projects (app-config) before creating its services`,
    );
  }
  if (asked) {
    if (!projects.includes(asked)) {
      throw new InputError(
        `project ${asked} is not one of ${owner}'s on agent ${agentId} (${projects.join(
          ', ',
        )})`,
      );
    }
    return asked;
  }
  if (projects.length > 1) {
    throw new InputError(
      `${owner} owns several projects on agent ${agentId} (${projects.join(
        ', ',
      )}): name the one to use`,
    );
  }
  return projects[0];
}

/**
 * Where a new service of `owner` deploys through an agent: the project
 * `gitops.projects` maps to the owner (the trust model's own rule, so
 * that what the template creates passes its check), and for each
 * environment the first (by name) of the clusters the agent serves it on.
 * A bad owner, no project, or an environment the agent serves on no
 * cluster is a 400 naming what is wrong.
 */
export async function deploymentTargets(
  ctx: Pick<
    GitOpsServices,
    'access' | 'environments' | 'fleet' | 'providers' | 'trust'
  >,
  credentials: BackstageCredentials,
  agentId: string,
  query: { owner: string; environment: string[]; project?: string },
): Promise<DeploymentTargets> {
  await ctx.access.authorize(credentials, gitopsFleetReadPermission);
  const { providers, fleet, environments } = ctx;
  providers.get(agentId);
  const owner = ownerRef(query.owner, 'owner');
  const project = pickProject(ctx, agentId, owner, query.project);
  const result = await fleet.servedEnvironments([agentId], names =>
    sortEnvironments(names, environments),
  );
  const served = result.items[0]?.environments;
  if (!served) {
    throw new ServiceUnavailableError(
      `Agent ${agentId} cannot say which environments it serves now: ${
        result.errors.map(e => e.message).join('; ') || 'not loaded yet'
      }`,
    );
  }
  const targets: DeploymentTargets['environments'] = [];
  const unserved: string[] = [];
  for (const name of [...new Set(query.environment)]) {
    const cluster = served.find(s => s.environment === name)?.clusters[0];
    if (cluster) {
      targets.push({ name, cluster: cluster.name, server: cluster.server });
    } else {
      unserved.push(name);
    }
  }
  if (unserved.length) {
    throw new InputError(
      `Agent ${agentId} serves ${unserved.join(
        ', ',
      )} on no cluster (it serves ${describeServed(
        served,
      )}): pick another agent, label a cluster gitops/environment, or list the environment under the agent's environments in gitops.agents`,
    );
  }
  return { agentId, owner, project, environments: targets };
}
