import { useApi } from '@backstage/core-plugin-api';
import {
  type EntityApplicationRef,
  gitopsSignalChannels,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { useEffect, useState } from 'react';
import { gitopsApiRef } from '../api';
import { operationUnderWay } from '../lib/operationUnderWay';
import { LiveAsyncState, useLiveAsync } from './useLiveAsync';

/**
 * One application in full (history, operation), re-read when it changes:
 * on its signals, or where signals are not installed, every `intervalMs`
 * (15 s), every `busyIntervalMs` (2 s) while its operation is under way.
 * The one follower of an application: the operations started on it are
 * followed through it.
 */
export function useApplicationDetails(
  app: EntityApplicationRef,
  options: { intervalMs?: number; busyIntervalMs?: number } = {},
): LiveAsyncState<GitOpsApplication> {
  const api = useApi(gitopsApiRef);
  const { entityRef, agentId, name, namespace } = app;
  const [busy, setBusy] = useState(false);
  const details = useLiveAsync(
    () => api.getApplication({ entityRef, agentId, name, namespace }),
    [api, entityRef, agentId, name, namespace],
    {
      intervalMs: busy
        ? options.busyIntervalMs ?? 2_000
        : options.intervalMs ?? 15_000,
      // its own channel; its entity's too (a load or resync that changes
      // many applications signals only the entities)
      signals: [
        gitopsSignalChannels.application(agentId, name),
        gitopsSignalChannels.entity(entityRef),
      ],
    },
  );
  const underWay = operationUnderWay(details.value?.operation);
  useEffect(() => setBusy(underWay), [underWay]);
  return details;
}
