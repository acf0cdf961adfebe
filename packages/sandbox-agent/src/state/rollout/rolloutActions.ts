import { JsonObject } from '../../util/json';

/** Lua's tonumber of a JSON value (undefined where it answers nil). */
function luaNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** Is the Argo CD version (`v2.14.11+8283115`) at least major.minor? */
export function argoCdAtLeast(version: string, major: number, minor: number): boolean {
  const match = /^v?(\d+)\.(\d+)/.exec(version);
  if (!match) return false;
  const [have, haveMinor] = [Number(match[1]), Number(match[2])];
  return have > major || (have === major && haveMinor >= minor);
}

/**
 * The actions Argo CD offers on a live Rollout, as its built-in
 * resource_customizations/argoproj.io/Rollout/actions/discovery.lua
 * answers: restart always; resume while paused; abort and retry while a
 * canary is under way (retry once aborted); promote-full until fully
 * promoted. Argo CD 3.1 added pause and skip-current-step. In name order,
 * as Argo CD's API server lists them.
 */
export function rolloutDiscovery(live: JsonObject, argoCdVersion: string): JsonObject[] {
  const spec: JsonObject = live.spec ?? {};
  const status: JsonObject | undefined = live.status;
  const actions: Record<string, JsonObject> = {
    restart: { name: 'restart', disabled: false, displayName: 'Restart Pods' },
  };
  let paused = false;
  if (status && status.pauseConditions !== undefined && status.pauseConditions !== null) {
    paused = status.pauseConditions.length > 0;
  } else if (spec.paused !== undefined && spec.paused !== null) {
    paused = Boolean(spec.paused);
  }
  actions.resume = { name: 'resume', disabled: !paused };
  const fullyPromoted = status?.currentPodHash === status?.stableRS;
  actions.abort = { name: 'abort', disabled: fullyPromoted || Boolean(status?.abort) };
  actions.retry = { name: 'retry', disabled: fullyPromoted || !status?.abort };
  actions['promote-full'] = { name: 'promote-full', disabled: true };
  if (status && !fullyPromoted) {
    const generation = luaNumber(status.observedGeneration);
    actions['promote-full'].disabled =
      generation === undefined || generation > Number(live.metadata?.generation ?? 0)
        ? // rollouts v0.9: full promotion of a canary only
          Boolean(spec.strategy?.blueGreen)
        : false;
  }
  if (argoCdAtLeast(argoCdVersion, 3, 1)) {
    actions.pause = { name: 'pause', disabled: fullyPromoted || Boolean(status?.abort) || Boolean(spec.paused) };
    const steps: unknown[] | undefined = spec.strategy?.canary?.steps;
    actions['skip-current-step'] = {
      name: 'skip-current-step',
      disabled: !spec.strategy?.canary || !steps || status?.currentStepIndex === steps.length,
    };
  }
  return Object.keys(actions)
    .sort()
    .map(name => actions[name]);
}
