import type { ResourceAction } from '@gitops-suite/plugin-gitops-common';

/**
 * What an Argo Rollouts Rollout's built-in actions do, in its users'
 * words: Argo CD's `resume` of a paused canary is kubectl-argo-rollouts'
 * `promote`.
 */
const ROLLOUT_LABELS: Record<string, string> = {
  resume: 'Promote',
  'promote-full': 'Promote full',
  abort: 'Abort',
  retry: 'Retry',
};

/** An action's name for a person: its display name, or what it does on the kind. */
export function resourceActionLabel(
  kind: string,
  action: Pick<ResourceAction, 'name' | 'displayName'>,
): string {
  if (kind === 'Rollout' && ROLLOUT_LABELS[action.name]) {
    return ROLLOUT_LABELS[action.name];
  }
  return action.displayName ?? action.name;
}
