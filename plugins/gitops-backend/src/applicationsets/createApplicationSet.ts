import type { Request } from 'express';
import { actorOf } from '../service/actor';
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import {
  gitopsApplicationSetCreatePermission,
  type GitOpsApiRequestBody,
} from '@gitops-suite/plugin-gitops-common';
import { hasProviderCapability } from '@gitops-suite/plugin-gitops-node';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  authorizeApplicationSetChange,
  readExistingApplicationSet,
  refuseApplicationSet,
} from './applicationSetAccess';
import { checkGeneratedCount } from './generationBounds';
import {
  applicationSetPreview,
  checkApplicationSetManifest,
  generateWithinLimits,
} from './previewApplicationSet';

/** The spec's body of the create route, its defaults filled in. */
type ApplicationSetRequest = GitOpsApiRequestBody<
  '/agents/{agentId}/applicationsets',
  'post'
> & { upsert: boolean; dryRun: boolean };

/**
 * Creates or upserts an ApplicationSet for the caller, audited with the
 * entity it is for, through one check whether it comes from the route, an
 * action, the scaffolder or MCP. Nothing reaches the agent until:
 * - the set generates no more applications than
 *   `gitops.applicationSets.maxGeneratedApplications` (400, before any
 *   agent call where its list, matrix and merge generators tell the count;
 *   else from the agent's generate answer, itself cut off past
 *   `maxGenerateResponseBytes` with a 413), administrators' sets included;
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
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations' | 'providers'>,
  caller: { credentials: BackstageCredentials; request?: Request },
  agentId: string,
  body: ApplicationSetRequest,
): Promise<{ auditId: string; status: number; body: Record<string, unknown> }> {
  const { credentials, request } = caller;
  const { providers, operations } = ctx;
  const provider = providers.get(agentId);
  const name = body.manifest.metadata.name;
  checkApplicationSetManifest(body.manifest);
  // a set too large to generate is refused before any agent call
  const count = checkGeneratedCount(
    body.manifest,
    providers.applicationSetLimits,
  );

  let entityRef: string | undefined;
  if (body.entityRef) {
    entityRef = await ctx.access.visibleEntityRef(body.entityRef, credentials);
    await ctx.access.authorizeEntity(
      credentials,
      gitopsApplicationSetCreatePermission,
      entityRef,
    );
  }

  const existing = await readExistingApplicationSet(ctx, provider, name);
  let current: Awaited<
    ReturnType<typeof authorizeApplicationSetChange>
  >['current'] = [];
  let admin = false;
  if (existing) {
    const access = await authorizeApplicationSetChange(ctx, credentials, {
      agentId,
      existing,
      permission: gitopsApplicationSetCreatePermission,
      entityRef,
    });
    current = access.current;
    admin = access.admin;
    entityRef ??= access.claimants[0];
  } else if (!entityRef) {
    throw new InputError(
      `Invalid ApplicationSet: entityRef is required to create ${name}: name the catalog entity it is for, or for a service not in the catalog yet, the group that will own it`,
    );
  }

  if (!admin && entityRef) {
    // what the set would generate, from the agent's own generator,
    // decided by the one write decision
    const { problems, owners } = await applicationSetPreview(
      ctx,
      provider,
      body.manifest,
      { credentials, entityRef },
      current,
    );
    if (problems.length) {
      refuseApplicationSet(
        `ApplicationSet ${name}`,
        'would place',
        entityRef,
        owners,
        problems,
      );
    }
  } else if (
    !count.exact &&
    hasProviderCapability(provider, 'applicationSets')
  ) {
    // an administrator's set is not checked for owners, but it is counted:
    // where the manifest does not tell, the agent's own generator does
    await generateWithinLimits(ctx, provider, body.manifest);
  }

  const { auditId, result } = await operations.audited(
    {
      actor: actorOf(credentials),
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
