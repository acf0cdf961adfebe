import { useApi } from '@backstage/core-plugin-api';
import type { FleetApplicationFilter } from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { useLiveAsync } from './useLiveAsync';

/**
 * The fleet summary and the filtered application list, refreshed in the
 * background while the page is visible.
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
    { intervalMs: options.intervalMs ?? 60_000 },
  );
}
