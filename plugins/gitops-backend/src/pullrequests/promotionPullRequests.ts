import {
  AuditorServiceCreateEventOptions,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
import { actorOf } from '../service/actor';
import { CompoundEntityRef } from '@backstage/catalog-model';
import {
  ConflictError,
  NotAllowedError,
  NotFoundError,
} from '@backstage/errors';
import {
  gitopsApplicationReadPermission,
  gitopsPullRequestMergePermission,
  PromotionPullRequest,
} from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import { branchFacts, PORTAL_BRANCH_PREFIXES } from './pullRequestBranches';

function repoKey(url: string) {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .toLowerCase();
}

/** The status of an Octokit request error, if it is one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}

async function entityRepositories(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations' | 'pullRequests'>,
  credentials: BackstageCredentials,
  ref: CompoundEntityRef,
) {
  const { entityRef, query } = await ctx.access.entityByRef(ref, credentials);
  await ctx.access.authorizeEntity(
    credentials,
    gitopsApplicationReadPermission,
    entityRef,
  );
  const apps = await ctx.fleet.entityApplications(query);
  const repos = new Map<string, string>();
  // git repositories on hosts the install does not configure: no pull
  // request of theirs is read (a Helm chart repository has none)
  const unserved = new Map<string, string>();
  for (const app of apps.items) {
    for (const source of app.sources) {
      if (!source.repoURL) continue;
      if (ctx.pullRequests.serves(source.repoURL)) {
        repos.set(repoKey(source.repoURL), source.repoURL);
      } else if (!source.chart) {
        unserved.set(repoKey(source.repoURL), source.repoURL);
      }
    }
  }
  return { entityRef, apps: apps.items, repos, unserved };
}

/** Why a repository's pull requests are not listed: its host is not configured. */
function unservedMessage(repoUrl: string): string {
  let host = repoUrl;
  try {
    host = new URL(repoUrl).host;
  } catch {
    // an scp-like address (git@host:owner/repo): named whole
  }
  return `${repoUrl} is on ${host}, which is not a configured git host (integrations.github): its pull requests are not listed.`;
}

/**
 * The open promotion and revert pull requests of the repositories an
 * entity's applications deploy from (on the install's GitHub hosts); a
 * repository that cannot be read is an error beside the others' pull
 * requests.
 */
export async function listPromotionPullRequests(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations' | 'pullRequests'>,
  credentials: BackstageCredentials,
  ref: CompoundEntityRef,
) {
  const { entityRef, apps, repos, unserved } = await entityRepositories(
    ctx,
    credentials,
    ref,
  );
  const pullRequests: PromotionPullRequest[] = [];
  const errors: Array<{ repoUrl: string; message: string }> = [
    ...unserved.values(),
  ].map(repoUrl => ({ repoUrl, message: unservedMessage(repoUrl) }));
  await Promise.all(
    [...repos.values()].map(async repoUrl => {
      try {
        const open = await ctx.pullRequests.listOpen(
          repoUrl,
          PORTAL_BRANCH_PREFIXES,
        );
        for (const pr of open) {
          pullRequests.push({ ...pr, ...branchFacts(pr.branch, apps) });
        }
      } catch (error) {
        errors.push({
          repoUrl,
          message: `Could not list the pull requests of ${repoUrl}: ${
            (error as Error).message
          }`,
        });
      }
    }),
  );
  pullRequests.sort(
    (a, b) => a.repoUrl.localeCompare(b.repoUrl) || a.number - b.number,
  );
  return { entityRef, pullRequests, errors };
}

/**
 * Merges one of an entity's open promotion or revert pull requests: the
 * caller needs `gitops.pullrequest.merge` on the entity; the merge is
 * audited on the application a revert rolls back, or the one of the
 * environment a promotion promotes to (which then deploys it).
 */
export async function mergePromotionPullRequest(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations' | 'pullRequests'>,
  caller: {
    credentials: BackstageCredentials;
    ref: CompoundEntityRef;
    request?: AuditorServiceCreateEventOptions['request'];
  },
  body: { repoUrl: string; number: number },
) {
  const { credentials, request } = caller;
  const { entityRef, apps, repos } = await entityRepositories(
    ctx,
    credentials,
    caller.ref,
  );
  const repoUrl = repos.get(repoKey(body.repoUrl));
  const deploysFrom = (a: (typeof apps)[number]) =>
    a.sources.some(s => repoKey(s.repoURL ?? '') === repoKey(repoUrl ?? ''));
  // the permission first: nothing of the repository is read for a caller
  // who may not merge (a refusal is audited on an application deploying
  // from the repository, when there is one)
  const auditInput = (
    app: (typeof apps)[number],
    parameters: Record<string, unknown>,
  ) => ({
    actor: actorOf(credentials),
    entityRef,
    agentId: app.agentId,
    application: app.name,
    appNamespace: app.namespace,
    action: 'pullrequest.merge' as const,
    parameters,
  });
  try {
    await ctx.access.authorizeEntity(
      credentials,
      gitopsPullRequestMergePermission,
      entityRef,
    );
  } catch (error) {
    const refusedOn = repoUrl ? apps.find(deploysFrom) : undefined;
    if (error instanceof NotAllowedError && refusedOn) {
      await ctx.operations.refused(
        auditInput(refusedOn, { repoUrl, number: body.number }),
        request,
        error,
      );
    }
    throw error;
  }
  if (!repoUrl) {
    throw new NotFoundError(
      `${entityRef} deploys from no repository ${body.repoUrl} on a GitHub host of integrations.github`,
    );
  }
  const pr = await ctx.pullRequests
    .getOpen(repoUrl, body.number)
    .catch(error => {
      if (statusOf(error) === 404)
        throw new NotFoundError(
          `No pull request #${body.number} in ${repoUrl}`,
        );
      throw error;
    });
  const facts = branchFacts(pr.branch, apps);
  if (!facts) {
    throw new NotFoundError(
      `Pull request #${body.number} of ${repoUrl} is not a promotion or a revert (its branch is ${pr.branch})`,
    );
  }
  const { environment } = facts;
  const app =
    apps.find(a => a.name === facts.application && deploysFrom(a)) ??
    apps.find(a => a.environment === environment && deploysFrom(a)) ??
    apps.find(deploysFrom)!;
  // a merge is a deploy write: the changed files decide, through the one
  // decision every write takes (never the entity's claim alone)
  const paths = await ctx.pullRequests.changedFiles(repoUrl, pr.number);
  try {
    await ctx.operations.assertWrite({
      credentials,
      entityRef,
      permission: gitopsPullRequestMergePermission,
      touches: [{ type: 'repository', repoUrl, paths, deployed: true }],
    });
  } catch (error) {
    if (error instanceof NotAllowedError) {
      await ctx.operations.refused(
        auditInput(app, { repoUrl, number: pr.number, files: paths.length }),
        request,
        error,
      );
    }
    throw error;
  }
  const input = auditInput(app, {
    repoUrl,
    number: pr.number,
    title: pr.title,
    headSha: pr.headSha,
    ...(environment ? { environment } : {}),
    ...(facts.kind ? { kind: facts.kind } : {}),
  });
  const { auditId, result } = await ctx.operations.audited(input, request, () =>
    ctx.pullRequests.merge(repoUrl, pr.number, pr.headSha).catch(error => {
      const status = statusOf(error);
      if (status === 405 || status === 409 || status === 422) {
        throw new ConflictError(
          `Pull request #${pr.number} of ${repoUrl} cannot be merged: ${
            (error as Error).message
          }`,
        );
      }
      throw error;
    }),
  );
  return {
    auditId,
    merged: true,
    sha: result.sha,
    pullRequest: { ...pr, ...facts },
  };
}
