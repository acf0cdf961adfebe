import {
  deployedRevision,
  historyEntryRevision,
} from '@gitops-suite/plugin-gitops-common';
import type {
  GitOpsApplication,
  HistoryEntry,
} from '@gitops-suite/plugin-gitops-common';

/**
 * What an application runs, by the suite's one rule (`deployedRevision`):
 * the latest deployment's revision of its primary source (the chart of a
 * multi-source Helm application, not its values repository).
 */
export function revisionOf(app: GitOpsApplication): string | undefined {
  return deployedRevision(app).revision;
}

/** The revision of a history entry, for the application's primary source. */
export function historyRevision(
  app: Pick<GitOpsApplication, 'sources'>,
  entry: HistoryEntry,
): string | undefined {
  return historyEntryRevision(app, entry);
}

/** Whether an application ran a revision at some point of its history. */
export function hasDeployed(app: GitOpsApplication, revision: string): boolean {
  return app.history.some(entry => historyRevision(app, entry) === revision);
}
