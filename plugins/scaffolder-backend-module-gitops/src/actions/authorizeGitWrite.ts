import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';

/** The permissions the gitops backend decides a git write for. */
export const GIT_WRITE_PERMISSIONS = [
  'gitops.promote',
  'gitops.applicationset.create',
] as const;

/**
 * Refuses, before any network call to the git host, a git write that the
 * gitops backend's one write decision refuses for the user who started the
 * task: the repository's changed paths must deploy only applications of
 * the entity's owners. The refusal names the action and every reason.
 */
export async function authorizeGitWrite(options: {
  client: GitOpsBackendClient;
  ctx: { getInitiatorCredentials(): Promise<BackstageCredentials> };
  actionId: string;
  entityRef: string;
  permission: (typeof GIT_WRITE_PERMISSIONS)[number];
  repoUrl: string;
  paths?: string[];
  deployed?: boolean;
}): Promise<void> {
  const { client, ctx, actionId, ...request } = options;
  const decision = await client.decideGitWrite(
    request,
    await ctx.getInitiatorCredentials(),
  );
  if (decision.result !== 'allow') {
    throw new NotAllowedError(
      `${actionId}: not allowed to write ${request.repoUrl} for ${
        decision.entityRef
      } (owners: ${decision.owners.join(', ') || 'none'}): ${decision.reasons
        // a subject may end in a comma (it reads "<subject> does not belong
        // to its owners" in the backend's own refusals)
        .map(r => `${r.subject.replace(/,\s*$/, '')}: ${r.reason}`)
        .join('; ')}`,
    );
  }
}
