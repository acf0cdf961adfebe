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

/** What the last operation deployed, when it was a sync that succeeded. */
function operationRevisions(app: GitOpsApplication): string[] {
  const op = app.operation;
  if (!op || op.phase !== 'Succeeded' || op.dryRun) return [];
  if (op.revisions?.length) return op.revisions;
  return op.revision ? [op.revision] : [];
}

/**
 * What an application runs, by the first of these that is known:
 * 1. the latest recorded deployment (a full read carries the history);
 * 2. the revision it is Synced to (live equals Git there);
 * 3. what its last successful sync deployed (a lean read carries the last
 *    operation but no history);
 * else it is what Git wants (`sync.revision`), marked `desired`.
 * Every view (matrix, tables, promotion, history) uses this rule.
 * @public
 */
export function deployedRevision(app: GitOpsApplication): DeployedRevision {
  const primary = primarySourceIndex(app);
  const latest = latestHistoryEntry(app);
  const fromHistory = latest ? entryRevisions(latest) : [];
  const fromSync = app.sync.revisions?.length
    ? app.sync.revisions
    : [app.sync.revision].filter((r): r is string => Boolean(r));
  const synced = app.sync.status === 'Synced';
  const running = [
    fromHistory,
    synced ? fromSync : [],
    operationRevisions(app),
  ].find(candidate => candidate.length > 0);
  const revisions = running ?? fromSync;
  return {
    revision: revisions[primary] ?? revisions[0],
    source: app.sources[primary],
    revisions,
    desired: !running && !synced,
  };
}
