import { SyncWindow } from '@gitops-suite/plugin-gitops-common';
import type { ArgoSyncWindow, ArgoSyncWindowsResponse } from './argoCdTypes';

const same = (a: ArgoSyncWindow, b: ArgoSyncWindow) =>
  a.kind === b.kind && a.schedule === b.schedule && a.duration === b.duration;

/** The sync windows that apply to an application, marking the active ones. */
export function normalizeSyncWindows(
  raw: ArgoSyncWindowsResponse,
): SyncWindow[] {
  const active = raw.activeWindows ?? [];
  return (raw.assignedWindows ?? []).map(window => {
    const result: SyncWindow = {
      kind: window.kind === 'deny' ? 'deny' : 'allow',
      schedule: window.schedule ?? '',
      duration: window.duration ?? '',
      active: active.some(a => same(a, window)),
    };
    if (window.applications?.length) result.applications = window.applications;
    if (window.namespaces?.length) result.namespaces = window.namespaces;
    if (window.clusters?.length) result.clusters = window.clusters;
    if (window.manualSync !== undefined) result.manualSync = window.manualSync;
    if (window.timeZone) result.timeZone = window.timeZone;
    return result;
  });
}
