import type {
  GitOpsApplication,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';

/** Where an application stands in its ApplicationSet's RollingSync. */
export interface RolloutPlace {
  applicationSet: string;
  /** Its step, from 1; absent when no step selects it. */
  step?: number;
  /** How many steps the rollout has. */
  steps: number;
  /** Waiting, Pending, Progressing or Healthy. */
  status: string;
  message?: string;
}

const placeKey = (agentId: string, name: string) => `${agentId}/${name}`;

/**
 * Each application's place in the progressive sync of the set that
 * generated it, by agent and name, from the sets' application statuses.
 */
export function rolloutPlaces(
  sets: GitOpsApplicationSet[] | undefined,
): Map<string, RolloutPlace> {
  const places = new Map<string, RolloutPlace>();
  for (const set of sets ?? []) {
    if (set.strategy?.type !== 'RollingSync') continue;
    for (const status of set.applicationStatus ?? []) {
      places.set(placeKey(set.agentId, status.application), {
        applicationSet: set.name,
        step: status.step,
        steps: set.strategy.steps.length,
        status: status.status,
        message: status.message,
      });
    }
  }
  return places;
}

/** The application's place, from {@link rolloutPlaces}. */
export function rolloutPlaceOf(
  places: Map<string, RolloutPlace> | undefined,
  app: Pick<GitOpsApplication, 'agentId' | 'name'>,
): RolloutPlace | undefined {
  return places?.get(placeKey(app.agentId, app.name));
}
