import { useApi } from '@backstage/core-plugin-api';
import { rolloutProgress } from '@gitops-suite/plugin-gitops-common';
import type {
  GitOpsApplication,
  HealthStatusCode,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import { useEffect, useMemo } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { gitopsApiRef } from '../api';
import { toEntityApplicationRef } from '../lib/entityApplicationRef';

/** How soon a canary moving between steps is read again. */
const MOVING_REREAD_MS = 5000;

/**
 * Argo CD's application health is its worst resource's: an application
 * whose canary is paused, moving or aborted is Suspended, Progressing or
 * Degraded. A Healthy one has no canary mid-rollout, so its tree is not read.
 */
const MAY_BE_MID_ROLLOUT: readonly HealthStatusCode[] = [
  'Suspended',
  'Progressing',
  'Degraded',
];

/**
 * The Argo Rollouts canaries of an entity's applications that are
 * mid-rollout (gitops-common's rolloutProgress), by application key: the
 * resource trees of the applications whose health allows one, read again
 * when an application's health or revision changes, and while a canary
 * moves between steps. An application whose tree cannot be read is shown
 * without.
 */
export function useEntityCanaries(
  entityRef: string,
  applications: GitOpsApplication[],
): Map<string, RolloutSummary> | undefined {
  const api = useApi(gitopsApiRef);
  const candidates = useMemo(
    () =>
      applications.filter(app =>
        MAY_BE_MID_ROLLOUT.includes(app.health.status),
      ),
    [applications],
  );
  const signature = candidates
    .map(app => `${app.key}|${app.health.status}|${app.sync.revision ?? ''}`)
    .join('\n');
  const { value, loading, retry } = useAsyncRetry(async () => {
    const canaries = new Map<string, RolloutSummary>();
    await Promise.all(
      candidates.map(async app => {
        try {
          const tree = await api.getResourceTree(
            toEntityApplicationRef(entityRef, app),
          );
          const rollout = tree.nodes.find(node =>
            rolloutProgress(node.rollout),
          )?.rollout;
          if (rollout) canaries.set(app.key, rollout);
        } catch {
          // shown without its canary
        }
      }),
    );
    return canaries;
    // read again when an application's health or revision changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, entityRef, signature]);
  const moving = [...(value?.values() ?? [])].some(
    rollout => rolloutProgress(rollout)?.state === 'progressing',
  );
  useEffect(() => {
    if (!moving || loading) return undefined;
    const timer = setTimeout(retry, MOVING_REREAD_MS);
    return () => clearTimeout(timer);
  }, [moving, loading, retry, value]);
  return value;
}
