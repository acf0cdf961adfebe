import { useApi } from '@backstage/core-plugin-api';
import {
  gitopsSignalChannels,
  type FleetApplicationFilter,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef, type GitOpsApi } from '../api';
import { useLiveAsync } from './useLiveAsync';

/**
 * What the fleet page shows: the summary, and the applications that need
 * attention, filtered by the backend (every page read, so none is left
 * behind the backend's page size).
 */
export async function readFleetPage(
  api: Pick<GitOpsApi, 'getFleetSummary' | 'getFleetApplications'>,
  filter: FleetApplicationFilter,
) {
  const [summary, applications] = await Promise.all([
    api.getFleetSummary(filter),
    api.getFleetApplications({ ...filter, attention: true }),
  ]);
  return { summary, applications };
}

/**
 * The fleet page's data (see {@link readFleetPage}), re-read when the
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
    () => readFleetPage(api, filter),
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
