import { useApi } from '@backstage/core-plugin-api';
import {
  gitopsSignalChannels,
  type FleetApplicationFilter,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { useLiveAsync } from './useLiveAsync';

/**
 * The fleet summary and the filtered application list, re-read when the
 * backend signals a change in the fleet (polled where signals are not
 * installed).
 */
export function useFleet(
  filter: FleetApplicationFilter,
  options: { intervalMs?: number } = {},
) {
  const api = useApi(gitopsApiRef);
  const key = JSON.stringify(filter);
  return useLiveAsync(
    async () => {
      const [summary, applications] = await Promise.all([
        api.getFleetSummary(filter),
        api.getFleetApplications(filter),
      ]);
      return { summary, applications };
    },
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
