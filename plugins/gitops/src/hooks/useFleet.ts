import { useApi } from '@backstage/core-plugin-api';
import {
  gitopsSignalChannels,
  type FleetApplicationFilter,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { useLiveAsync } from './useLiveAsync';

/**
 * The fleet summary the fleet page shows for `filter` (counts by health,
 * sync, environment and agent), re-read when the backend signals a change
 * in the fleet (polled where signals are not installed). The applications
 * that need attention are read a page at a time
 * (`useFleetAttentionPage`).
 */
export function useFleet(
  filter: FleetApplicationFilter,
  options: { intervalMs?: number } = {},
) {
  const api = useApi(gitopsApiRef);
  const key = JSON.stringify(filter);
  return useLiveAsync(
    () => api.getFleetSummary(filter),
    // `key` stands for `filter`, which is rebuilt on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, key],
    {
      intervalMs: options.intervalMs ?? 60_000,
      signals: [gitopsSignalChannels.fleet],
      // the whole fleet changes often: at most one re-read per half second
      signalIntervalMs: 500,
    },
  );
}
