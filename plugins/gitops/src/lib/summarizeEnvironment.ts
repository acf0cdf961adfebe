import type {
  GitOpsApplication,
  HealthStatusCode,
  SyncStatusCode,
} from '@gitops-suite/plugin-gitops-common';
import { revisionOf } from './revision';

const HEALTH_SEVERITY: HealthStatusCode[] = [
  'Healthy',
  'Unknown',
  'Suspended',
  'Progressing',
  'Missing',
  'Degraded',
];

/** The worst health among applications (Degraded over Missing over ...). */
export function worstHealth(
  apps: GitOpsApplication[],
): HealthStatusCode | undefined {
  let worst: HealthStatusCode | undefined;
  for (const app of apps) {
    if (
      !worst ||
      HEALTH_SEVERITY.indexOf(app.health.status) >
        HEALTH_SEVERITY.indexOf(worst)
    ) {
      worst = app.health.status;
    }
  }
  return worst;
}

/** OutOfSync when any application is, Unknown when any is, else Synced. */
export function combinedSync(
  apps: GitOpsApplication[],
): SyncStatusCode | undefined {
  if (apps.length === 0) return undefined;
  if (apps.some(app => app.sync.status === 'OutOfSync')) return 'OutOfSync';
  if (apps.some(app => app.sync.status === 'Unknown')) return 'Unknown';
  return 'Synced';
}

/** The distinct revisions the applications run. */
export function distinctRevisions(apps: GitOpsApplication[]): string[] {
  return [
    ...new Set(apps.map(revisionOf).filter((r): r is string => Boolean(r))),
  ];
}

/** The most recent sync among applications. */
export function latestSync(apps: GitOpsApplication[]): string | undefined {
  return apps
    .map(app => app.lastSyncedAt)
    .filter((t): t is string => Boolean(t))
    .sort()
    .pop();
}
