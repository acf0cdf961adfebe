import type {
  GitOpsApplication,
  PromotionPullRequest,
} from '@gitops-suite/plugin-gitops-common';

/** The branches the gitops-promote-release template opens: `promote-<environment>-<tag>`. */
export const PROMOTION_BRANCH_PREFIX = 'promote-';

/** The branches a revert in Git opens: `revert-<environment>-<application>-<history id>`. */
export const REVERT_BRANCH_PREFIX = 'revert-';

/** The branches of the pull requests the portal lists and merges. */
export const PORTAL_BRANCH_PREFIXES = [
  PROMOTION_BRANCH_PREFIX,
  REVERT_BRANCH_PREFIX,
];

/** What a pull request's branch says it is. */
export type BranchFacts = Pick<
  PromotionPullRequest,
  'kind' | 'environment' | 'tag' | 'application' | 'historyId'
>;

/** A branch name from any text: what git allows in one ref component. */
function refSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
}

/** The branch of the revert of `app` to its history entry `historyId`. */
export function revertBranch(
  app: GitOpsApplication,
  historyId: number,
): string {
  return `${REVERT_BRANCH_PREFIX}${refSafe(app.environment) || 'app'}-${refSafe(
    app.name,
  )}-${historyId}`;
}

/**
 * What a branch of the portal's pull requests names, among an entity's
 * applications: a promotion's environment (the longest that fits) and tag,
 * a revert's environment, application and history entry. Undefined for a
 * branch of neither kind.
 */
export function branchFacts(
  branch: string,
  apps: GitOpsApplication[],
): BranchFacts | undefined {
  const [kind, prefix] =
    (
      [
        ['promotion', PROMOTION_BRANCH_PREFIX],
        ['revert', REVERT_BRANCH_PREFIX],
      ] as const
    ).find(([, p]) => branch.startsWith(p)) ?? [];
  if (!kind || !prefix) return undefined;
  const environment = [
    ...new Set(
      apps.map(a => a.environment).filter((e): e is string => Boolean(e)),
    ),
  ]
    .sort((a, b) => b.length - a.length)
    .find(env => branch.startsWith(`${prefix}${refSafe(env)}-`));
  // what follows the environment: the tag, or `<application>-<history id>`
  const rest = environment
    ? branch.slice(`${prefix}${refSafe(environment)}-`.length)
    : undefined;
  if (kind === 'promotion') {
    return {
      ...(environment ? { environment } : {}),
      ...(rest ? { tag: rest } : {}),
    };
  }
  const [, name, id] = /^(.+)-(\d+)$/.exec(rest ?? '') ?? [];
  const application = apps.find(
    a => a.environment === environment && refSafe(a.name) === name,
  )?.name;
  return {
    kind,
    ...(environment ? { environment } : {}),
    ...(application ? { application, historyId: Number(id) } : {}),
  };
}
