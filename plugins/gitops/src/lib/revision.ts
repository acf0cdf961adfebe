import type {
  GitOpsApplication,
  HistoryEntry,
} from '@gitops-suite/plugin-gitops-common';

/** The revision an application is synced to (the first, for multi-source). */
export function revisionOf(app: GitOpsApplication): string | undefined {
  return app.sync.revision ?? app.sync.revisions?.[0];
}

/** The revision of a history entry (the first, for multi-source). */
export function historyRevision(entry: HistoryEntry): string | undefined {
  return entry.revision ?? entry.revisions?.[0];
}

/** Whether an application ran a revision at some point of its history. */
export function hasDeployed(app: GitOpsApplication, revision: string): boolean {
  return app.history.some(entry => historyRevision(entry) === revision);
}
