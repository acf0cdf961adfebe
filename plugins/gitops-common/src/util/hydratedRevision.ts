import type { GitOpsApplication } from '../types';
import { deployedRevision } from './deployedRevision';

/**
 * What an application rendered by the source hydrator runs, as a person
 * reads it: the dry commit (the release they wrote) and the hydrated commit
 * rendered from it (what the agent syncs).
 * @public
 */
export interface HydratedRevision {
  /** The dry commit the running hydrated commit was rendered from, when known. */
  drySHA?: string;
  /** The hydrated commit the application runs (or wants, see `desired`). */
  hydratedSHA?: string;
  /** Where the dry commit lives. */
  dryRepoURL: string;
  /** Where the hydrated commit lives. */
  syncRepoURL: string;
}

/**
 * The dry and hydrated commits of an application the source hydrator
 * renders; undefined for any other application. The hydrated commit is the
 * one {@link deployedRevision} names; its dry commit is the one of the
 * hydrate operation (current or last successful) that wrote it.
 * @public
 */
export function hydratedRevision(
  app: GitOpsApplication,
): HydratedRevision | undefined {
  const hydrator = app.sourceHydrator;
  if (!hydrator) return undefined;
  const last = hydrator.lastSuccessfulOperation;
  const hydratedSHA = deployedRevision(app).revision ?? last?.hydratedSHA;
  const operations = [hydrator.currentOperation, last];
  const writer = operations.find(
    op => op?.hydratedSHA && op.hydratedSHA === hydratedSHA,
  );
  return {
    ...(writer?.drySHA && { drySHA: writer.drySHA }),
    ...(hydratedSHA && { hydratedSHA }),
    dryRepoURL: hydrator.drySource.repoURL,
    syncRepoURL: hydrator.syncSource.repoURL,
  };
}

/**
 * Whether the application's current hydration failed: its dry source does
 * not render, so what is in Git does not reach the cluster.
 * @public
 */
export function hydrationFailed(
  app: Pick<GitOpsApplication, 'sourceHydrator'>,
): boolean {
  return app.sourceHydrator?.currentOperation?.phase === 'Failed';
}
