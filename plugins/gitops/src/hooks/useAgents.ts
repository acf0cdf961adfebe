import { useApi } from '@backstage/core-plugin-api';
import { gitopsSignalChannels } from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../api';
import { useLiveAsync } from './useLiveAsync';

/** The configured agents with their connectivity and versions. */
export function useAgents(options: { intervalMs?: number } = {}) {
  const api = useApi(gitopsApiRef);
  return useLiveAsync(() => api.getAgents(), [api], {
    intervalMs: options.intervalMs ?? 60_000,
    signals: [gitopsSignalChannels.fleet],
    // the whole fleet changes often: at most one re-read per half second
    signalIntervalMs: 500,
  });
}
