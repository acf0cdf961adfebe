import type { Request } from 'express';
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError } from '@backstage/errors';
import {
  gitopsApplicationSetAdminPermission,
  gitopsApplicationSetCreatePermission,
  GitOpsApplication,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { GitOpsService } from '../service/GitOpsService';
import { requestBodyCheck } from '../service/requestBodies';
import { entityOwners } from '../trust/entityOwners';
import { TrustViolation } from '../trust/DeploymentTrust';
import { findApplicationSetClaimants } from './findApplicationSetClaimants';

const applicationSetBody = requestBodyCheck(
  '/agents/{agentId}/applicationsets',
  'ApplicationSet',
  ['upsert', 'dryRun'],
);

/** Argo CD's own refusal of a templated project (server validateAppSet). */
const TEMPLATED_PROJECT =
  'error validating ApplicationSets: the Argo CD API does not currently support creating ApplicationSets with templated `project` fields';

async function readExisting(
  provider: GitOpsProvider,
  name: string,
): Promise<GitOpsApplicationSet | undefined> {
  try {
    return await provider.getApplicationSet(name);
  } catch (error) {
    if (error instanceof GitOpsAgentError && error.code === 'not_found') {
      return undefined;
    }
    throw error;
  }
}

function templateProject(manifest: Record<string, any>): unknown {
  return manifest?.spec?.template?.spec?.project;
}

function refuse(
  name: string,
  entityRef: string,
  owners: string[],
  violations: TrustViolation[],
): never {
  const apps = new Set(violations.map(v => v.application));
  throw new NotAllowedError(
    `Not allowed: ApplicationSet ${name} for ${entityRef} (owners: ${
      owners.join(', ') || 'none'
    }) would place ${apps.size} application${
      apps.size === 1 ? '' : 's'
    } where its owners may not deploy: ${violations
      .map(v => `${v.application}: ${v.reason}`)
      .join('; ')}`,
  );
}

/**
 * Creates or upserts an ApplicationSet for the caller, audited with the
 * entity it is for, through one check whether it comes from the route, an
 * action, the scaffolder or MCP. Nothing reaches the agent until:
 * - the caller holds `gitops.applicationset.create` on the entity named by
 *   `entityRef` (for a service not yet in the catalog, the group that will
 *   own it) and, when the set exists, on every entity that claims it; a set
 *   that no entity claims and no `entityRef` names needs
 *   `gitops.applicationset.admin`;
 * - every application the agent's generator would produce (and, for an
 *   existing set, every application it has now) lies in a project,
 *   destination and source repository the entity's owners may use, and
 *   carries no labels that claim another team's entity (403 listing each
 *   application and why otherwise).
 */
export async function createApplicationSet(
  ctx: GitOpsService,
  caller: { credentials: BackstageCredentials; request?: Request },
  agentId: string,
  rawBody: unknown,
): Promise<{ auditId: string; status: number; body: Record<string, unknown> }> {
  const { credentials, request } = caller;
  const body = applicationSetBody(rawBody);
  const { registry, catalog, aggregator, runner, auth, trust } = ctx.deps;
  const provider = registry.get(agentId);
  const name = body.manifest.metadata.name;
  const project = templateProject(body.manifest);
  if (typeof project === 'string' && project.includes('{{')) {
    throw new InputError(TEMPLATED_PROJECT);
  }

  let entityRef: string | undefined;
  if (body.entityRef) {
    entityRef = await ctx.visibleEntityRef(body.entityRef, credentials);
    await ctx.authorizeEntity(
      credentials,
      gitopsApplicationSetCreatePermission,
      entityRef,
    );
  }

  const existing = await readExisting(provider, name);
  let current: GitOpsApplication[] = [];
  let admin = false;
  if (existing) {
    const apps = await aggregator.fleetApplications([agentId]);
    current = apps.items.filter(
      app =>
        app.applicationSet === name || existing.applications.includes(app.name),
    );
    const claimants = await findApplicationSetClaimants({
      catalog,
      credentials: await auth.getOwnServiceCredentials(),
      set: { agentId, name },
      generated: current,
    });
    if (claimants.length === 0 && !entityRef) {
      await ctx.authorize(credentials, gitopsApplicationSetAdminPermission);
      admin = true;
    }
    for (const claimant of claimants) {
      await ctx.authorizeEntity(
        credentials,
        gitopsApplicationSetCreatePermission,
        claimant,
      );
    }
    entityRef ??= claimants[0];
  } else if (!entityRef) {
    throw new InputError(
      `Invalid ApplicationSet: entityRef is required to create ${name}: name the catalog entity it is for, or for a service not in the catalog yet, the group that will own it`,
    );
  }

  if (!admin && entityRef) {
    if (!provider.generateApplicationSet) {
      throw new NotAllowedError(
        `Not allowed: agent ${agentId} (${provider.agent.kind}) cannot preview the applications an ApplicationSet generates, so ${name} cannot be checked before it is created`,
      );
    }
    const entity = await catalog.getEntityByRef(entityRef, {
      credentials: await auth.getOwnServiceCredentials(),
    });
    const owners = entity ? entityOwners(entity) : [];
    // what the set would generate, from the agent's own generator
    const generated = await provider.generateApplicationSet(body.manifest);
    const violations = [
      ...(await trust.generatedViolations(agentId, owners, generated)),
      // an existing set is the caller's to change only where it runs now
      ...(
        await Promise.all(
          current.map(async app =>
            (
              await trust.operationProblems(owners, app)
            ).map(reason => ({
              application: app.name,
              reason: `(now) ${reason}`,
            })),
          ),
        )
      ).flat(),
    ];
    if (violations.length) refuse(name, entityRef, owners, violations);
  }

  const { auditId, result } = await runner.run(
    {
      actor: ctx.actor(credentials),
      entityRef,
      agentId: provider.agent.id,
      application: name,
      action: 'applicationset.create',
      parameters: {
        upsert: body.upsert,
        dryRun: body.dryRun,
        existed: existing !== undefined,
      },
    },
    request,
    () =>
      provider.createApplicationSet(body.manifest, {
        upsert: body.upsert,
        dryRun: body.dryRun,
      }),
  );
  return {
    auditId,
    status: body.dryRun ? 200 : 201,
    body: { auditId, ...result },
  };
}
