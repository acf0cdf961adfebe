import {
  mostSevereFirst,
  type ActionBlocker,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';

/**
 * What should stop someone before they promote to or merge into an
 * environment: the blockers of the entity's applications there (see
 * `actionBlockers`), each sentence once, most severe first. None without
 * an environment.
 */
export function environmentBlockers(
  applications: readonly GitOpsApplication[],
  blockers: ReadonlyMap<string, ActionBlocker[]> | undefined,
  environment: string | undefined,
): ActionBlocker[] {
  if (!environment || !blockers) return [];
  const seen = new Map<string, ActionBlocker>();
  for (const app of applications) {
    if (app.environment !== environment) continue;
    for (const blocker of blockers.get(app.key) ?? []) {
      const key = `${blocker.kind}\n${blocker.message}`;
      if (!seen.has(key)) seen.set(key, blocker);
    }
  }
  return mostSevereFirst(seen.values());
}
