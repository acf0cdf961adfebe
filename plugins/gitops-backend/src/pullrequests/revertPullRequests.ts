import {
  ConflictError,
  NotAllowedError,
  NotFoundError,
} from '@backstage/errors';
import { actorOf } from '../service/actor';
import {
  deployedRevision,
  GitOpsApplication,
  gitopsApplicationRollbackPermission,
  historyEntryRevision,
  HistoryEntry,
  repositoryKey,
  RevertRequest,
  RevertResponse,
  shortRevision,
} from '@gitops-suite/plugin-gitops-common';
import { OperationCaller } from '../service/Operations';
import type { GitOpsServices } from '../service/GitOpsServices';
import { planRevert } from '../revert/planRevert';
import { RepositoryFiles } from '../revert/RepositoryFiles';
import { RevertPlan } from '../revert/types';
import { repositoryPath } from '../trust/repositoryWrites';
import { revertBranch } from './pullRequestBranches';
import { statusOf } from './promotionPullRequests';

/** A branch the application follows (`HEAD`: the repository's default branch). */
const FOLLOWS_DEFAULT_BRANCH = new Set(['', 'HEAD']);

/**
 * The source a revert changes, the history entry's revision of it, and the
 * branch the application deploys it from; a 409 saying why where the entry
 * cannot be put back through a pull request.
 */
async function revertTarget(
  ctx: Pick<GitOpsServices, 'operations' | 'pullRequests'>,
  app: GitOpsApplication,
  entry: HistoryEntry,
) {
  const cannot = (why: string) =>
    new ConflictError(
      `History entry #${entry.id} of ${app.name} cannot be reverted in Git: ${why}`,
    );
  if (app.sourceHydrator) {
    throw cannot(
      `Argo CD's source hydrator writes the branch it deploys from (${app.sourceHydrator.syncSource.targetBranch}); revert the dry source (${app.sourceHydrator.drySource.path} of ${app.sourceHydrator.drySource.repoURL}) instead`,
    );
  }
  const source = deployedRevision(app).source;
  if (!source?.repoURL) throw cannot('the application has no source');
  if (source.chart) {
    throw cannot(
      `it deploys chart ${source.chart} ${
        source.targetRevision ?? ''
      } from the Helm repository ${
        source.repoURL
      }, whose version is set in the Application, not in a Git repository; roll back with Argo CD (with automated sync paused) or change the Application`.replace(
        /\s+/g,
        ' ',
      ),
    );
  }
  const revision = historyEntryRevision(app, entry);
  if (!revision) throw cannot('the entry records no revision');
  const index = app.sources.indexOf(source);
  const then = entry.sources?.[index];
  if (
    then &&
    (repositoryKey(then.repoURL) !== repositoryKey(source.repoURL) ||
      repositoryPath(then.path) !== repositoryPath(source.path))
  ) {
    throw cannot(
      `it deployed ${repositoryPath(then.path) || '/'} of ${
        then.repoURL
      }, and the application now deploys ${
        repositoryPath(source.path) || '/'
      } of ${source.repoURL}; a pull request on one cannot put the other back`,
    );
  }
  const host = ctx.pullRequests;
  if (!host.serves(source.repoURL)) {
    throw cannot(
      `${source.repoURL} is on no git host the portal writes to (integrations.github)`,
    );
  }
  const wanted = source.targetRevision ?? '';
  const baseBranch = FOLLOWS_DEFAULT_BRANCH.has(wanted)
    ? await host.defaultBranch(source.repoURL)
    : wanted;
  const base = await host.branchHead(source.repoURL, baseBranch);
  if (!base) {
    throw cannot(
      `the application deploys ${wanted} of ${source.repoURL}, which is no branch (a tag or a commit): a pull request cannot move it; change the application's targetRevision instead`,
    );
  }
  return { source, revision, baseBranch, base };
}

/** What the branch has now, and the entry's commit, read through the git host. */
async function snapshots(
  ctx: Pick<GitOpsServices, 'operations' | 'pullRequests'>,
  entry: HistoryEntry,
  repoUrl: string,
  base: string,
  revision: string,
) {
  const host = ctx.pullRequests;
  const [nowFiles, thenFiles] = await Promise.all([
    host.filesAt(repoUrl, base),
    host.filesAt(repoUrl, revision),
  ]);
  if (!thenFiles) {
    throw new ConflictError(
      `History entry #${
        entry.id
      } cannot be reverted in Git: its revision ${shortRevision(
        revision,
      )} is not a commit of ${repoUrl} (rewritten history, or another repository)`,
    );
  }
  return {
    now: new RepositoryFiles(host, repoUrl, base, nowFiles ?? []),
    then: new RepositoryFiles(host, repoUrl, revision, thenFiles),
  };
}

function pullRequestText(
  app: GitOpsApplication,
  entry: HistoryEntry,
  target: { revision: string; path: string; baseBranch: string },
  plan: RevertPlan,
  actor: string,
  reason?: string,
) {
  const title = `Roll back ${app.name} to #${entry.id} (${shortRevision(
    target.revision,
  )})`;
  const lines = plan.changes.map(
    c =>
      `- \`${c.file}\`: ${c.what}${
        c.from || c.to ? ` ${c.from ?? 'none'} → ${c.to ?? 'none'}` : ''
      }`,
  );
  const body = [
    `Puts back what history entry #${entry.id} of ${
      app.name
    } deployed (revision ${target.revision}${
      entry.deployedAt ? `, deployed ${entry.deployedAt}` : ''
    }) in \`${target.path || '/'}\` of ${target.baseBranch}:`,
    '',
    ...lines,
    '',
    ...(reason ? [`Reason: ${reason}`, ''] : []),
    `Opened from the developer portal by ${actor} for ${app.name} (agent ${
      app.agentId
    }, environment ${app.environment}). ${
      app.syncPolicy.automated
        ? 'Once merged, the agent syncs it (automated sync).'
        : 'Once merged, a sync deploys it (the application syncs by hand).'
    }`,
  ].join('\n');
  return { title, body };
}

/**
 * Rolls an application back in Git: a pull request on its source
 * repository, into the branch it deploys from, that puts back what one of
 * its history entries deployed (Kustomize image tags, a Helm chart's values
 * and version, a plain path's files). Decided like every git write: the
 * rollback permission on the entity, the application's project and
 * destination, then the changed files (every application they deploy must
 * be the entity's owners'); audited as `rollback.revert`. A dry run answers
 * what the pull request would change and opens none.
 */
export async function revertApplication(
  ctx: Pick<GitOpsServices, 'operations' | 'pullRequests'>,
  caller: OperationCaller,
  request: RevertRequest,
): Promise<RevertResponse> {
  const { credentials } = caller;
  const dryRun = Boolean(request.dryRun);
  const reason = request.reason?.trim() || undefined;
  const parameters: Record<string, unknown> = {
    historyId: request.id,
    ...(reason && { reason }),
  };
  const operation = {
    action: 'rollback.revert' as const,
    permission: gitopsApplicationRollbackPermission,
    parameters,
  };
  const { entityRef, provider, ref } = await ctx.operations.authorize(
    caller,
    operation,
    { auditRefusal: !dryRun },
  );
  // the agent's current state: a list read may carry no history
  const app = await provider.getApplication(ref);
  const entry = app.history.find(e => e.id === request.id);
  if (!entry) {
    throw new NotFoundError(
      `${app.name} has no history entry #${request.id}${
        app.history.length
          ? ` (its history holds ${app.history
              .map(e => `#${e.id}`)
              .join(', ')})`
          : ''
      }`,
    );
  }
  const { source, revision, baseBranch, base } = await revertTarget(
    ctx,
    app,
    entry,
  );
  const repoUrl = source.repoURL;
  const path = repositoryPath(source.path);
  const { now, then } = await snapshots(ctx, entry, repoUrl, base, revision);
  const plan = await planRevert({ source, path, now, then });
  if (!plan.files.length) {
    throw new ConflictError(
      `History entry #${entry.id} of ${app.name} cannot be reverted in Git: there is nothing to revert, ${plan.unchanged} on ${baseBranch}`,
    );
  }
  const files = plan.files.map(f => f.path);
  const branch = revertBranch(app, entry.id);
  Object.assign(parameters, {
    revision,
    repoUrl,
    path,
    baseBranch,
    branch,
    files,
  });
  // the audit row of this revert, refused or run
  const audited = {
    actor: actorOf(credentials),
    entityRef,
    agentId: app.agentId,
    application: app.name,
    appNamespace: app.namespace,
    ...operation,
  };
  // a git write is a deploy write: the changed files decide, through the
  // one decision every write takes
  try {
    await ctx.operations.assertWrite({
      credentials,
      entityRef,
      permission: gitopsApplicationRollbackPermission,
      touches: [{ type: 'repository', repoUrl, paths: files, deployed: true }],
    });
  } catch (error) {
    if (error instanceof NotAllowedError && !dryRun) {
      await ctx.operations.refused(audited, caller.request, error);
    }
    throw error;
  }
  const answer = {
    dryRun,
    historyId: entry.id,
    revision,
    repoUrl,
    path,
    baseBranch,
    branch,
    changes: plan.changes,
    files,
  };
  if (dryRun) return answer;
  const text = pullRequestText(
    app,
    entry,
    { revision, path, baseBranch },
    plan,
    actorOf(credentials),
    reason,
  );
  const { auditId, result } = await ctx.operations.audited(
    audited,
    caller.request,
    () =>
      ctx.pullRequests
        .openPullRequest(repoUrl, {
          baseBranch,
          base,
          branch,
          ...text,
          files: plan.files,
        })
        .catch(error => {
          const status = statusOf(error);
          if (status === 409 || status === 422) {
            throw new ConflictError(
              `The pull request on ${repoUrl} could not be opened: ${
                (error as Error).message
              }`,
            );
          }
          throw error;
        }),
  );
  return {
    ...answer,
    auditId,
    pullRequest: {
      ...result,
      kind: 'revert',
      environment: app.environment,
      application: app.name,
      historyId: entry.id,
    },
  };
}
