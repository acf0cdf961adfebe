import { JsonObject } from '../../util/json';

/*
 * The health Argo CD computes for Argo Rollouts' resources, ported from its
 * built-in customizations (resource_customizations/argoproj.io/Rollout/
 * health.lua and AnalysisRun/health.lua), and the phase and message the
 * rollouts controller writes to a Rollout's status (CalculateRolloutPhase
 * in argo-rollouts' utils/rollout/rolloututil.go), which that health reads.
 */

const num = (value: unknown, fallback: number): number =>
  value === undefined || value === null ? fallback : Number(value);

/** `status.phase` and `status.message` as the rollouts controller computes them. */
export function rolloutPhase(spec: JsonObject, status: JsonObject): { phase: string; message: string } {
  for (const condition of (status.conditions ?? []) as JsonObject[]) {
    if (condition.type === 'InvalidSpec') {
      return { phase: 'Degraded', message: `InvalidSpec: ${condition.message}` };
    }
    if (condition.reason === 'RolloutAborted' || condition.reason === 'ProgressDeadlineExceeded') {
      return { phase: 'Degraded', message: `${condition.reason}: ${condition.message}` };
    }
  }
  if (spec.paused) return { phase: 'Paused', message: 'manually paused' };
  const pause = (status.pauseConditions ?? [])[0];
  if (pause) return { phase: 'Paused', message: String(pause.reason) };
  if (spec.restartAt && spec.restartAt !== status.restartedAt) {
    return { phase: 'Progressing', message: 'rollout is restarting' };
  }
  const updated = num(status.updatedReplicas, 0);
  if (updated < num(spec.replicas, 1)) {
    return { phase: 'Progressing', message: 'more replicas need to be updated' };
  }
  if (num(status.availableReplicas, 0) < updated) {
    return { phase: 'Progressing', message: 'updated replicas are still becoming available' };
  }
  const canary = spec.strategy?.canary;
  if (canary) {
    if (!canary.trafficRouting && num(status.replicas, 0) > updated) {
      return { phase: 'Progressing', message: 'old replicas are pending termination' };
    }
    if (!status.stableRS || status.stableRS !== status.currentPodHash) {
      return { phase: 'Progressing', message: 'waiting for all steps to complete' };
    }
  }
  return { phase: 'Healthy', message: '' };
}

/** Lua's tonumber of a JSON value (undefined where it answers nil). */
function luaNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * health.lua's isGenerationObserved: a v0.9 rollout's hash-valued
 * `observedGeneration` counts as observed, a v0.10+ one must be the
 * object's generation.
 */
function generationObserved(obj: JsonObject): boolean {
  if (!obj.status) return false;
  const observed = luaNumber(obj.status.observedGeneration);
  const generation = num(obj.metadata?.generation, 0);
  if (observed === undefined || observed > generation) return true;
  return observed === generation;
}

/** The health of a Rollout (Argo CD's health.lua). */
export function rolloutHealth(obj: JsonObject): { status: string; message?: string } {
  const status: JsonObject = obj.status ?? {};
  if (!generationObserved(obj)) {
    return { status: 'Progressing', message: 'Waiting for rollout spec update to be observed' };
  }
  // Argo Rollouts v1.0+ records a phase and message, which Argo CD surfaces
  if (status.phase !== undefined && status.phase !== null) {
    return {
      status: status.phase === 'Paused' ? 'Suspended' : String(status.phase),
      message: status.message,
    };
  }
  for (const condition of (status.conditions ?? []) as JsonObject[]) {
    if (
      condition.type === 'InvalidSpec' ||
      (condition.type === 'Progressing' &&
        (condition.reason === 'RolloutAborted' || condition.reason === 'ProgressDeadlineExceeded'))
    ) {
      return { status: 'Degraded', message: condition.message };
    }
  }
  if ((status.pauseConditions ?? []).length > 0 || obj.spec?.paused) {
    return { status: 'Suspended', message: 'Rollout is paused' };
  }
  if (status.currentPodHash === undefined) {
    return { status: 'Progressing', message: 'Waiting for rollout to finish: status has not been reconciled.' };
  }
  const desired = num(obj.spec?.replicas, 1);
  const replicas = num(status.replicas, 0);
  const updated = num(status.updatedReplicas, 0);
  if (updated < desired) {
    return { status: 'Progressing', message: 'Waiting for roll out to finish: More replicas need to be updated' };
  }
  if (num(status.availableReplicas, 0) < updated) {
    return {
      status: 'Progressing',
      message: 'Waiting for roll out to finish: updated replicas are still becoming available',
    };
  }
  const stableRS = status.stableRS ?? status.canary?.stableRS ?? '';
  if (obj.spec?.strategy?.canary) {
    if (replicas > updated) {
      return { status: 'Progressing', message: 'Waiting for roll out to finish: old replicas are pending termination' };
    }
    if (stableRS === '' || stableRS !== status.currentPodHash) {
      return { status: 'Progressing', message: 'Waiting for rollout to finish steps' };
    }
  }
  return { status: 'Healthy', message: '' };
}

/** The health of an AnalysisRun (Argo CD's AnalysisRun/health.lua). */
export function analysisRunHealth(obj: JsonObject): { status: string; message: string } {
  const status = obj.status;
  if (!status) {
    return { status: 'Progressing', message: 'Waiting for analysis run to finish: status has not been reconciled.' };
  }
  switch (status.phase) {
    case 'Pending':
    case 'Running':
      return { status: 'Progressing', message: 'Analysis run is running' };
    case 'Successful':
      return { status: 'Healthy', message: status.message ?? 'Analysis run completed successfully' };
    case 'Failed':
      return { status: 'Degraded', message: status.message ?? 'Analysis run failed' };
    case 'Error':
      return { status: 'Degraded', message: status.message ?? 'Analysis run had an error' };
    case 'Inconclusive':
      return { status: 'Unknown', message: status.message ?? 'Analysis run was inconclusive' };
    default:
      // health.lua sets nothing for a phase it does not know
      return { status: '', message: '' };
  }
}
