import type { DeliveryMetrics } from '@gitops-suite/plugin-gitops-common';

/** A duration in seconds as `45s`, `12m`, `3h 20m` or `2d 4h`. */
export function formatDuration(seconds: number | undefined): string {
  if (seconds === undefined) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(s / 3600);
  if (hours < 24) {
    const rest = Math.round((s - hours * 3600) / 60);
    return rest ? `${hours}h ${rest}m` : `${hours}h`;
  }
  const days = Math.floor(s / 86400);
  const rest = Math.round((s - days * 86400) / 3600);
  return rest ? `${days}d ${rest}h` : `${days}d`;
}

/** Deployment frequency as a rate people read: per day, or per week when rarer. */
export function formatFrequency(metrics: DeliveryMetrics): string {
  if (metrics.deployments === 0) return 'none';
  if (metrics.deploymentsPerDay >= 1) {
    return `${metrics.deploymentsPerDay.toFixed(1)}/day`;
  }
  return `${(metrics.deploymentsPerDay * 7).toFixed(1)}/week`;
}

/** The change failure rate as a percentage, `—` without changes. */
export function formatRate(rate: number | undefined): string {
  return rate === undefined ? '—' : `${Math.round(rate * 100)}%`;
}

/**
 * How much of a `windowDays`-day window the recorded history covers, when it
 * is less than all of it: "history covers 5 of 30 days", "no history
 * recorded"; `undefined` when it covers the whole window.
 */
export function formatHistory(
  metrics: Pick<DeliveryMetrics, 'history'>,
  windowDays: number,
): string | undefined {
  const days = metrics.history.days;
  if (days <= 0) return 'no history recorded';
  if (days >= windowDays) return undefined;
  const shown = days < 1 ? '<1' : String(Math.round(days));
  return `history covers ${shown} of ${windowDays} days`;
}

/**
 * The note for a set of metrics: how much the best-covered of them covers,
 * when that is less than the window (see {@link formatHistory}).
 */
export function formatHistoryOf(
  items: Array<Pick<DeliveryMetrics, 'history'>>,
  windowDays: number,
): string | undefined {
  if (!items.length) return undefined;
  const days = Math.max(...items.map(m => m.history.days));
  return formatHistory({ history: { days } }, windowDays);
}
