import type {
  HealthStatusCode,
  OperationPhase,
  SyncStatusCode,
} from '@gitops-suite/plugin-gitops-common';

/** The colours Argo CD's own UI uses, so users recognise the states. */
export const SYNC_COLORS: Record<SyncStatusCode, string> = {
  Synced: '#18be94',
  OutOfSync: '#f4c030',
  Unknown: '#ccd6dd',
};

/** Health colours as in Argo CD's UI. */
export const HEALTH_COLORS: Record<HealthStatusCode, string> = {
  Healthy: '#18be94',
  Progressing: '#0dadea',
  Degraded: '#e96d76',
  Suspended: '#766f94',
  Missing: '#f4c030',
  Unknown: '#ccd6dd',
};

/** Operation phase colours. */
export const PHASE_COLORS: Record<OperationPhase, string> = {
  Running: '#0dadea',
  Succeeded: '#18be94',
  Failed: '#e96d76',
  Error: '#e96d76',
  Terminating: '#766f94',
};

/** Dark text on light fills, white on dark ones. */
export function textColorOn(background: string): string {
  const hex = background.replace('#', '');
  const [r, g, b] = [0, 2, 4].map(i => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1b1f23' : '#ffffff';
}
