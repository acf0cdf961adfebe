import type { Request } from 'express';
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  gitopsApplicationSetAdminPermission,
  gitopsApplicationSetCreatePermission,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { GitOpsService } from '../service/GitOpsService';
import { requestBodyCheck } from '../service/requestBodies';

const applicationSetBody = requestBodyCheck(
  '/agents/{agentId}/applicationsets',
  'ApplicationSet',
  ['upsert', 'dryRun'],
);
import { findApplicationSetClaimants } from './findApplicationSetClaimants';

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

/**
 * Creates or upserts an ApplicationSet for the caller, audited with the
 * entity it is for. Nothing reaches the agent until the caller holds
 * `gitops.applicationset.create` on:
 * - the entity named by `entityRef` (for a service not yet in the catalog,
 *   the group that will own it), and
 * - when the set exists already, every entity that claims it; a set that no
 *   entity claims needs `gitops.applicationset.admin` instead.
 * A new set needs `entityRef`: there is nobody else to check against.
 */
export async function createApplicationSet(
  ctx: GitOpsService,
  caller: { credentials: BackstageCredentials; request?: Request },
  agentId: string,
  rawBody: unknown,
): Promise<{ auditId: string; status: number; body: Record<string, unknown> }> {
  const { credentials, request } = caller;
  const body = applicationSetBody(rawBody);
  const { registry, catalog, aggregator, runner, auth } = ctx.deps;
  const provider = registry.get(agentId);
  const name = body.manifest.metadata.name;

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
  if (existing) {
    const apps = await aggregator.fleetApplications([agentId]);
    const generated = apps.items.filter(
      app =>
        app.applicationSet === name || existing.applications.includes(app.name),
    );
    const claimants = await findApplicationSetClaimants({
      catalog,
      credentials: await auth.getOwnServiceCredentials(),
      set: { agentId, name },
      generated,
    });
    if (claimants.length === 0) {
      await ctx.authorize(credentials, gitopsApplicationSetAdminPermission);
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
