import type {
  ApplicationSource,
  GitOpsApplication,
  HistoryEntry,
} from '../types';

/**
 * What an application runs, decided one way for single-source,
 * multi-source and Helm applications alike.
 * @public
 */
export interface DeployedRevision {
  /** The revision of the primary source: a commit SHA, a tag or a chart version. */
  revision?: string;
  /** The primary source: the first one that is not only a `$values` reference. */
  source?: ApplicationSource;
  /** One revision per source, in the order of `sources`. */
  revisions: string[];
  /**
   * True when no deployment is recorded and the application is not Synced:
   * the revision is then what Git wants (`sync.revision`), not what runs.
   */
  desired: boolean;
}

/** The index of the source whose revision names a deployment. */
export function primarySourceIndex(
  app: Pick<GitOpsApplication, 'sources'>,
): number {
  const index = app.sources.findIndex(source => !source.ref);
  return index === -1 ? 0 : index;
}

function entryRevisions(entry: HistoryEntry): string[] {
  if (entry.revisions?.length) return entry.revisions;
  return entry.revision ? [entry.revision] : [];
}

/** The latest deployment in an application's history (highest id). */
export function latestHistoryEntry(
  app: Pick<GitOpsApplication, 'history'>,
): HistoryEntry | undefined {
  return app.history.reduce<HistoryEntry | undefined>(
    (latest, entry) => (!latest || entry.id > latest.id ? entry : latest),
    undefined,
  );
}

/**
 * The revision of a history entry, for the application's primary source.
 * @public
 */
export function historyEntryRevision(
  app: Pick<GitOpsApplication, 'sources'>,
  entry: HistoryEntry,
): string | undefined {
  const revisions = entryRevisions(entry);
  return revisions[primarySourceIndex(app)] ?? revisions[0];
}

/**
 * What an application runs: the latest recorded deployment; without one,
 * what it is synced to. Every view (matrix, tables, promotion, history)
 * uses this rule.
 * @public
 */
export function deployedRevision(app: GitOpsApplication): DeployedRevision {
  const primary = primarySourceIndex(app);
  const latest = latestHistoryEntry(app);
  const fromHistory = latest ? entryRevisions(latest) : [];
  const fromSync = app.sync.revisions?.length
    ? app.sync.revisions
    : [app.sync.revision].filter((r): r is string => Boolean(r));
  const revisions = fromHistory.length ? fromHistory : fromSync;
  return {
    revision: revisions[primary] ?? revisions[0],
    source: app.sources[primary],
    revisions,
    desired: fromHistory.length === 0 && app.sync.status !== 'Synced',
  };
}
