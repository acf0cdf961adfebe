import type { MetricsService } from '@backstage/backend-plugin-api/alpha';

/** How the fleet state's subscribers fare, per subscriber name. */
export interface SubscriberMetrics {
  /** A subscriber threw on a change (the state and the others carried on). */
  failed(subscriber: string): void;
  /** How long a subscriber took over one change, in milliseconds. */
  took(subscriber: string, ms: number): void;
}

/**
 * The fleet state's subscriber metrics on Backstage's metrics service:
 * `gitops.fleet_state.subscriber.failures` (a counter) and
 * `gitops.fleet_state.subscriber.duration` (a histogram, ms), both with the
 * subscriber's name as the `subscriber` attribute.
 */
export function subscriberMetrics(metrics: MetricsService): SubscriberMetrics {
  const failures = metrics.createCounter<{ subscriber: string }>(
    'gitops.fleet_state.subscriber.failures',
    {
      description:
        'Changes of the fleet state a subscriber (recorder, lean details, snapshots, signals) failed on',
    },
  );
  const duration = metrics.createHistogram<{ subscriber: string }>(
    'gitops.fleet_state.subscriber.duration',
    {
      description: 'Time a fleet-state subscriber took over one change',
      unit: 'ms',
    },
  );
  return {
    failed: subscriber => failures.add(1, { subscriber }),
    took: (subscriber, ms) => duration.record(ms, { subscriber }),
  };
}
