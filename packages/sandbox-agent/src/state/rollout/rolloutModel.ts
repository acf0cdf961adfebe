import type { CanaryStepSpec, RolloutSpec } from '../../scenario/schema';
import { sha1Hex } from '../../util/hash';
import type { AppModel } from '../types';

/** The phases of an AnalysisRun (Argo Rollouts' AnalysisPhase). */
export type AnalysisPhase = 'Pending' | 'Running' | 'Successful' | 'Failed' | 'Error' | 'Inconclusive';

/** The background AnalysisRun of one canary. */
export interface AnalysisRunModel {
  name: string;
  phase: AnalysisPhase;
  /** When it started (epoch ms): its measurements are taken every interval since. */
  startedAt: number;
  finishedAt?: number;
  /** `status.message` (why it failed, or that it was terminated). */
  message?: string;
}

/**
 * Where an Argo Rollouts canary stands: the model the sandbox renders the
 * Rollout's status, its ReplicaSets, its traffic weights and its
 * AnalysisRun from, and that the rollout controller (RolloutController.ts),
 * the resource actions and the control API move.
 */
export interface RolloutModel {
  steps: CanaryStepSpec[];
  /** The AnalysisTemplate of the background analysis. */
  analysisTemplate: string;
  /** `status.currentStepIndex` while the canary is under way. */
  stepIndex: number;
  /** The revision (git commit) the stable ReplicaSet runs; the live revision once fully promoted. */
  stableRevision: string;
  /** `rollout.argoproj.io/revision`: one more for each new pod template. */
  revision: number;
  /** When the canary of the live revision started (epoch ms). */
  startedAt: number;
  /** When the current step started (epoch ms). */
  stepStartedAt: number;
  /** `status.pauseConditions` (CanaryPauseStep) since (epoch ms). */
  pausedSince?: number;
  /** `status.controllerPause`: the controller paused at a pause step. */
  controllerPause: boolean;
  /** `spec.paused` (the `pause` action). */
  userPaused: boolean;
  /** `status.abort`. */
  aborted: boolean;
  abortedAt?: number;
  /** Why it was aborted (an analysis that failed), after "Rollout aborted update to revision N". */
  abortReason?: string;
  /** `status.promoteFull` (the `promote-full` action). */
  promoteFull: boolean;
  /** The canary's traffic weight now (`status.canary.weights.canary.weight`). */
  actualWeight: number;
  /** The background AnalysisRun of the current canary. */
  analysisRun?: AnalysisRunModel;
  /** How many AnalysisRuns the current revision had (a retry starts another). */
  analysisAttempts: number;
  /** `spec.restartAt` (the `restart` action) and `status.restartedAt` once done. */
  restartAt?: string;
  restartedAt?: string;
  /** Bumped on every change: a timer of an earlier state does nothing. */
  epoch: number;
}

const SECOND = 1000;

/** A pause's duration in ms (`30`, `30s`, `5m`, `1h`); undefined: until resumed. */
export function pauseDurationMs(step: CanaryStepSpec): number | undefined {
  if (!('pause' in step)) return undefined;
  const duration = step.pause.duration;
  if (duration === undefined) return undefined;
  if (typeof duration === 'number') return duration * SECOND;
  const match = /^(\d+)(s|m|h)?$/.exec(duration);
  if (!match) return undefined;
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1 };
  return Number(match[1]) * unit[match[2] ?? 's'] * SECOND;
}

/** The weight the steps up to `index` set (Argo Rollouts' GetCurrentSetWeight, without abort). */
export function weightAtStep(steps: CanaryStepSpec[], index: number): number {
  if (index >= steps.length) return 100;
  for (let i = index; i >= 0; i--) {
    const step = steps[i];
    if ('setWeight' in step) return step.setWeight;
  }
  return 0;
}

/** The weight the steps before `index` reached (what traffic is at when step `index` starts). */
export function weightBeforeStep(steps: CanaryStepSpec[], index: number): number {
  return index <= 0 ? 0 : weightAtStep(steps, index - 1);
}

/** Has the canary of the live revision become the stable one? */
export function fullyPromoted(model: AppModel): boolean {
  return !model.rollout || model.rollout.stableRevision === model.liveRevision;
}

/** `status.currentStepIndex`: the step under way, or the step count once done. */
export function currentStepIndex(model: AppModel): number {
  const rollout = model.rollout!;
  return fullyPromoted(model) ? rollout.steps.length : Math.min(rollout.stepIndex, rollout.steps.length);
}

/** The weight the current step sets (GetCurrentSetWeight: 0 when aborted, 100 once done). */
export function desiredWeight(model: AppModel): number {
  const rollout = model.rollout!;
  if (rollout.aborted) return 0;
  if (fullyPromoted(model)) return 100;
  return weightAtStep(rollout.steps, rollout.stepIndex);
}

/** A pod template hash, as Kubernetes encodes it (10 letters and digits). */
export function podTemplateHash(model: AppModel, revision: string): string {
  return sha1Hex(model.service, model.env ?? '', revision)
    .slice(0, 10)
    .replace(/[0-9]/g, d => 'bcdfghjklm'.charAt(Number(d)));
}

/** The name of a revision's background AnalysisRun (its retries get `.1`, `.2`, ...). */
export function analysisRunName(model: AppModel, revision: number, attempt: number): string {
  const base = `${model.service}-${podTemplateHash(model, model.liveRevision)}-${revision}`;
  return attempt > 1 ? `${base}.${attempt - 1}` : base;
}

/**
 * The rollout an instance starts with: fully promoted, or (`stepAtLoad`)
 * a canary of the live revision at that step, over `previous` (the
 * revision before it), started `startedAt`, with its background analysis
 * running (a finished one, Successful, once fully promoted).
 */
export function initialRollout(
  spec: RolloutSpec,
  model: AppModel,
  options: { previous?: string; stepAtLoad?: number; startedAt: number; now: number },
): RolloutModel {
  const steps = spec.steps;
  const underWay =
    options.stepAtLoad !== undefined && options.stepAtLoad < steps.length && options.previous !== undefined;
  const stepIndex = underWay ? options.stepAtLoad! : steps.length;
  const revision = underWay ? 3 : 2;
  const rollout: RolloutModel = {
    steps,
    analysisTemplate: spec.analysis ?? 'success-rate',
    stepIndex,
    stableRevision: underWay ? options.previous! : model.liveRevision,
    revision,
    startedAt: options.startedAt,
    stepStartedAt: underWay ? Math.max(options.startedAt, options.now - 3 * 60 * SECOND) : options.startedAt,
    controllerPause: false,
    userPaused: false,
    aborted: false,
    promoteFull: false,
    actualWeight: underWay ? weightBeforeStep(steps, stepIndex) : 100,
    analysisAttempts: 1,
    epoch: 0,
  };
  rollout.analysisRun = {
    name: analysisRunName(model, revision, 1),
    phase: underWay ? 'Running' : 'Successful',
    startedAt: options.startedAt,
    ...(underWay ? {} : { finishedAt: options.startedAt + 6 * 60 * SECOND }),
  };
  const step = steps[stepIndex];
  if (underWay && step && !('setWeight' in step)) {
    // at a pause step: the controller paused there
    rollout.pausedSince = rollout.stepStartedAt;
    rollout.controllerPause = true;
  }
  return rollout;
}
