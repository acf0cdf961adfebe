import { BackstageCredentials } from '@backstage/backend-plugin-api';
import type { ResourcePermission } from '@backstage/plugin-permission-common';
import {
  gitopsApplicationSetAdminPermission,
  GitOpsApplication,
  GitOpsApplicationSet,
  isGeneratedBy,
} from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { NotAllowedError } from '@backstage/errors';
import type { GitOpsServices } from '../service/GitOpsServices';

/**
 * The ApplicationSet named `name`, read fresh from the agent (a decision is
 * never taken on a cached copy), by the identifier the fleet state knows
 * for it where the agent's API reads sets by identifier (by name alone
 * when the agent's sets could not be listed); undefined when the agent has
 * none of that name.
 */
export async function readExistingApplicationSet(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations'>,
  provider: GitOpsProvider,
  name: string,
): Promise<GitOpsApplicationSet | undefined> {
  const listed = await ctx.fleet.applicationSets([provider.agent.id]);
  const known = listed.items.find(set => set.name === name);
  try {
    return await provider.getApplicationSet({ name, id: known?.id });
  } catch (error) {
    if (error instanceof GitOpsAgentError && error.code === 'not_found') {
      return undefined;
    }
    throw error;
  }
}

/** The applications an ApplicationSet of an agent has generated, from the fleet state. */
export async function generatedApplications(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations'>,
  agentId: string,
  set: GitOpsApplicationSet,
): Promise<GitOpsApplication[]> {
  const apps = await ctx.fleet.fleetApplications([agentId]);
  return apps.items.filter(app => isGeneratedBy(app, set));
}

/** Who may change an existing set, and what it runs now. */
export interface ApplicationSetChangeAccess {
  /** The applications the set has generated, from the fleet state. */
  current: GitOpsApplication[];
  /** The entities that claim the set and whose owners may operate what it runs now. */
  claimants: string[];
  /** Whether the caller changes it as an administrator (nobody claims it). */
  admin: boolean;
}

/**
 * One rule for changing an existing ApplicationSet, whether it is upserted
 * or deleted: the caller needs `permission` on every entity that claims the
 * set; a set no entity claims (and that no `entityRef` names) needs
 * `gitops.applicationset.admin`.
 */
export async function authorizeApplicationSetChange(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations'>,
  credentials: BackstageCredentials,
  options: {
    agentId: string;
    existing: GitOpsApplicationSet;
    permission: ResourcePermission<'catalog-entity'>;
    entityRef?: string;
  },
): Promise<ApplicationSetChangeAccess> {
  const { agentId, existing, permission, entityRef } = options;
  const current = await generatedApplications(ctx, agentId, existing);
  const claimants = await ctx.operations.applicationSetClaimants(
    { agentId, name: existing.name },
    current,
  );
  let admin = false;
  if (claimants.length === 0 && !entityRef) {
    await ctx.access.authorize(
      credentials,
      gitopsApplicationSetAdminPermission,
    );
    admin = true;
  }
  for (const claimant of claimants) {
    await ctx.access.authorizeEntity(credentials, permission, claimant);
  }
  return { current, claimants, admin };
}

/** One application of a set and why its owners may not deploy it (the preview's `problems`). */
export interface ApplicationProblem {
  application: string;
  reason: string;
}

/**
 * Refuses a change (`effect`: what it would do to the applications) to an
 * ApplicationSet for `entityRef`, naming each problem.
 */
export function refuseApplicationSet(
  what: string,
  effect: string,
  entityRef: string,
  owners: string[],
  violations: ApplicationProblem[],
): never {
  const apps = new Set(violations.map(v => v.application));
  throw new NotAllowedError(
    `Not allowed: ${what} for ${entityRef} (owners: ${
      owners.join(', ') || 'none'
    }) ${effect} ${apps.size} application${
      apps.size === 1 ? '' : 's'
    } where its owners may not deploy: ${violations
      .map(v => `${v.application}: ${v.reason}`)
      .join('; ')}`,
  );
}
