import type { Request } from 'express';
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError } from '@backstage/errors';
import {
  gitopsApplicationSetCreatePermission,
  GitOpsApplication,
  type GitOpsApiRequestBody,
} from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsProvider,
  hasProviderCapability,
} from '@gitops-suite/plugin-gitops-node';
import type { GenerateCallOptions } from '../providers/GenerateBounds';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  ApplicationProblem,
  generatedApplications,
  readExistingApplicationSet,
} from './applicationSetAccess';
import { checkGeneratedCount, generateBounds } from './generationBounds';

/** The spec's body of the preview route. */
type ApplicationSetPreviewRequest = GitOpsApiRequestBody<
  '/agents/{agentId}/applicationsets/generate',
  'post'
>;

/** Argo CD's own refusal of a templated project (server validateAppSet). */
const TEMPLATED_PROJECT =
  'error validating ApplicationSets: the Argo CD API does not currently support creating ApplicationSets with templated `project` fields';

/** Refuses a manifest Argo CD's API itself refuses: a templated project. */
export function checkApplicationSetManifest(manifest: Record<string, any>) {
  const project = manifest?.spec?.template?.spec?.project;
  if (typeof project === 'string' && project.includes('{{')) {
    throw new InputError(TEMPLATED_PROJECT);
  }
}

/**
 * The applications the agent's generator produces for `manifest`, within
 * `gitops.applicationSets`: a built-in provider cuts the answer off past
 * its byte limit (413) and counts it before normalizing any (400); an
 * answer from a provider that does not take bounds is counted here.
 */
export async function generateWithinLimits(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations' | 'providers'>,
  provider: GitOpsProvider,
  manifest: Record<string, unknown>,
): Promise<GitOpsApplication[]> {
  if (!hasProviderCapability(provider, 'applicationSets')) {
    throw new NotAllowedError(
      `Not allowed: agent ${provider.agent.id} (${
        provider.agent.kind
      }) cannot preview the applications an ApplicationSet generates, so ${String(
        (manifest.metadata as { name?: unknown } | undefined)?.name,
      )} cannot be checked`,
    );
  }
  const bounds = generateBounds(
    manifest,
    provider.agent.id,
    ctx.providers.applicationSetLimits,
  );
  const options: GenerateCallOptions = { bounds };
  const applications = await provider.generateApplicationSet(manifest, options);
  if (applications.length > bounds.maxApplications) {
    throw bounds.tooMany(applications.length);
  }
  return applications;
}

/** What a set would generate, and where its owners may not deploy it. */
export interface ApplicationSetPreview {
  applications: GitOpsApplication[];
  problems: ApplicationProblem[];
}

/**
 * The applications `manifest` would generate, from the agent's own
 * generator, and every problem the one write decision finds with them for
 * the entity's owners: each generated application, and each application an
 * existing set runs now (`current`). Nothing is created.
 */
export async function applicationSetPreview(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations' | 'providers'>,
  provider: GitOpsProvider,
  manifest: Record<string, unknown>,
  writer: { credentials: BackstageCredentials; entityRef: string },
  current: GitOpsApplication[],
): Promise<ApplicationSetPreview & { owners: string[] }> {
  const agentId = provider.agent.id;
  const applications = await generateWithinLimits(ctx, provider, manifest);
  const decision = await ctx.operations.decideWrite({
    ...writer,
    permission: gitopsApplicationSetCreatePermission,
    touches: [{ type: 'generated', agentId, applications, current }],
  });
  if (!decision.permitted) {
    throw new NotAllowedError(
      `Not allowed: ${gitopsApplicationSetCreatePermission.name} on ${writer.entityRef}`,
    );
  }
  const problems = decision.reasons.map(r => ({
    application: r.application ?? r.subject,
    reason: r.reason,
  }));
  return { applications, problems, owners: decision.owners };
}

/**
 * The preview route's and actions' entry: the caller needs
 * `gitops.applicationset.create` on the entity the set is for; the answer
 * lists the problems rather than refusing, so a form can show them before
 * anything is created.
 */
export async function previewApplicationSet(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations' | 'providers'>,
  caller: { credentials: BackstageCredentials; request?: Request },
  agentId: string,
  body: ApplicationSetPreviewRequest,
): Promise<ApplicationSetPreview> {
  const { credentials } = caller;
  checkApplicationSetManifest(body.manifest);
  const provider = ctx.providers.get(agentId);
  // a set too large to generate is refused before any agent call
  checkGeneratedCount(body.manifest, ctx.providers.applicationSetLimits);
  const entityRef = await ctx.access.visibleEntityRef(
    body.entityRef,
    credentials,
  );
  await ctx.access.authorizeEntity(
    credentials,
    gitopsApplicationSetCreatePermission,
    entityRef,
  );
  const existing = await readExistingApplicationSet(
    ctx,
    provider,
    body.manifest.metadata.name,
  );
  const current = existing
    ? await generatedApplications(ctx, agentId, existing)
    : [];
  const { applications, problems } = await applicationSetPreview(
    ctx,
    provider,
    body.manifest,
    { credentials, entityRef },
    current,
  );
  return { applications, problems };
}
