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

/** A red for states that need attention, readable with white text. */
export const ATTENTION_RED = '#c62828';

const DARK_TEXT = '#1b1f23';
const LIGHT_TEXT = '#ffffff';

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(color: string): number {
  const hex = color.replace('#', '');
  const [r, g, b] = [0, 2, 4].map(i => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Dark or white text, whichever reads better on the fill (WCAG contrast). */
export function textColorOn(background: string): string {
  return contrastRatio(background, DARK_TEXT) >=
    contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}
