import { useApi } from '@backstage/core-plugin-api';
import { gitopsApiRef } from '../api';
import { useLiveAsync } from './useLiveAsync';

/** The configured agents with their connectivity and versions. */
export function useAgents(options: { intervalMs?: number } = {}) {
  const api = useApi(gitopsApiRef);
  return useLiveAsync(() => api.getAgents(), [api], {
    intervalMs: options.intervalMs ?? 60_000,
  });
}
