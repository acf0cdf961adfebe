import { ApiError, GrpcCode } from '../../http/ApiError';
import { JsonObject } from '../../util/json';
import { isoSeconds } from '../../util/time';
import type { AgentStore } from '../AgentStore';
import { computeStatus } from '../applicationStatus';
import type { AppModel, AppRecord } from '../types';
import { liveRolloutOf, rolloutHealthOf } from './rolloutManifests';
import {
  AnalysisPhase,
  RolloutModel,
  analysisRunName,
  currentStepIndex,
  desiredWeight,
  fullyPromoted,
  pauseDurationMs,
  weightAtStep,
  weightBeforeStep,
} from './rolloutModel';

/*
 * The Argo Rollouts controller of the sandbox: a canary moves through its
 * steps on the sandbox's clock (a setWeight step is reached after half a
 * sync's duration, a timed pause ends when its duration has passed, an
 * untimed one waits to be resumed), starts again from step 0 when a sync
 * deploys a new revision, and answers the Rollout actions Argo CD runs
 * (resume, promote-full, abort, retry, restart, pause, skip-current-step)
 * as the controller reacts to what their Lua scripts write.
 */

/** How long a setWeight step takes (the canary's pods scale, then traffic shifts). */
function stepMs(store: AgentStore): number {
  return Math.max(20, Math.round(store.config.syncDurationMs / 2));
}

/** The application's health follows its Rollout's (unless a sync is running: Progressing). */
function settle(store: AgentStore, record: AppRecord) {
  const model = record.model;
  if (!record.app.operation && !model.missing) {
    model.health = rolloutHealthOf(model).status;
    model.healthMessage = undefined;
  }
  computeStatus(store.render, record, { inlineHealth: store.config.inlineHealth, now: store.now() });
  store.changed(record);
}

function newAnalysisRun(model: AppModel, rollout: RolloutModel, now: number) {
  rollout.analysisRun = {
    name: analysisRunName(model, rollout.revision, rollout.analysisAttempts),
    phase: 'Running',
    startedAt: now,
  };
}

/** A running analysis ends (Successful when terminated, as Argo Rollouts ends a background run). */
function endAnalysis(rollout: RolloutModel, now: number, message?: string) {
  const run = rollout.analysisRun;
  if (run && (run.phase === 'Running' || run.phase === 'Pending')) {
    run.phase = 'Successful';
    run.finishedAt = now;
    if (message) run.message = message;
  }
}

function clearPause(rollout: RolloutModel) {
  rollout.pausedSince = undefined;
  rollout.controllerPause = false;
}

/**
 * Schedules what the controller does next (reaching a weight, the end of a
 * timed pause, the full promotion) and pauses at a pause step; a timer set
 * for an earlier state does nothing.
 */
function reconcile(store: AgentStore, record: AppRecord) {
  const model = record.model;
  const rollout = model.rollout;
  if (!rollout) return;
  rollout.epoch += 1;
  const epoch = rollout.epoch;
  const later = (ms: number, fn: () => void) =>
    store.schedule(record, ms, () => {
      if (model.rollout === rollout && rollout.epoch === epoch) fn();
    });
  if (fullyPromoted(model) || rollout.aborted || rollout.userPaused) return;
  if (rollout.promoteFull || rollout.stepIndex >= rollout.steps.length) {
    later(stepMs(store), () => complete(store, record));
    return;
  }
  const step = rollout.steps[rollout.stepIndex];
  if ('setWeight' in step) {
    later(stepMs(store), () => {
      rollout.actualWeight = step.setWeight;
      nextStep(store, record);
    });
    return;
  }
  if (rollout.pausedSince === undefined) {
    rollout.pausedSince = store.now();
    rollout.controllerPause = true;
  }
  const duration = pauseDurationMs(step);
  if (duration !== undefined) {
    later(Math.max(0, rollout.pausedSince + duration - store.now()), () => {
      clearPause(rollout);
      nextStep(store, record);
    });
  }
}

/** Reconciles, then shows the state (the application's health and status). */
function advance(store: AgentStore, record: AppRecord) {
  reconcile(store, record);
  settle(store, record);
}

/** The current step is done: on to the next. */
function nextStep(store: AgentStore, record: AppRecord) {
  const rollout = record.model.rollout!;
  rollout.stepIndex += 1;
  rollout.stepStartedAt = store.now();
  clearPause(rollout);
  advance(store, record);
}

/** Every step done (or promoted in full): the canary becomes the stable. */
function complete(store: AgentStore, record: AppRecord) {
  const model = record.model;
  const rollout = model.rollout!;
  rollout.stableRevision = model.liveRevision;
  rollout.stepIndex = rollout.steps.length;
  rollout.stepStartedAt = store.now();
  rollout.actualWeight = 100;
  rollout.promoteFull = false;
  clearPause(rollout);
  endAnalysis(rollout, store.now());
  advance(store, record);
}

/** A new revision's canary starts at step 0, over the stable as it is. */
function begin(store: AgentStore, record: AppRecord) {
  const model = record.model;
  const rollout = model.rollout!;
  const now = store.now();
  endAnalysis(rollout, now, 'Run Terminated');
  rollout.revision += 1;
  rollout.stepIndex = 0;
  rollout.startedAt = now;
  rollout.stepStartedAt = now;
  rollout.aborted = false;
  rollout.abortedAt = undefined;
  rollout.abortReason = undefined;
  rollout.promoteFull = false;
  rollout.actualWeight = 0;
  rollout.analysisAttempts = 1;
  clearPause(rollout);
  newAnalysisRun(model, rollout, now);
  advance(store, record);
}

/** The Rollouts of the store's applications take up their steps (after a load). */
export function resumeRollouts(store: AgentStore) {
  for (const record of store.apps.values()) {
    if (record.model.rollout) reconcile(store, record);
  }
}

/**
 * After a sync applied the application: a new revision of the pod template
 * starts a canary; going back to the stable revision skips the steps (as
 * Argo Rollouts does); the same revision leaves the canary as it is.
 * Answers false for an application without a Rollout.
 */
export function rolloutApplied(store: AgentStore, record: AppRecord, previousLive: string): boolean {
  const model = record.model;
  const rollout = model.rollout;
  if (!rollout) return false;
  if (model.liveRevision === previousLive) {
    settle(store, record);
  } else if (model.liveRevision === rollout.stableRevision) {
    endAnalysis(rollout, store.now(), 'Run Terminated');
    rollout.revision += 1;
    rollout.aborted = false;
    rollout.abortReason = undefined;
    complete(store, record);
  } else {
    begin(store, record);
  }
  return true;
}

/**
 * Runs a Rollout action: what its action.lua writes (`status.pauseConditions`
 * cleared, `status.promoteFull`, `status.abort`, `spec.restartAt`,
 * `spec.paused`, `status.currentStepIndex`), then what the controller makes
 * of it.
 */
export function runRolloutAction(store: AgentStore, record: AppRecord, action: string) {
  const model = record.model;
  const rollout = model.rollout!;
  const now = store.now();
  switch (action) {
    case 'resume': {
      // unpausing at a pause step completes it
      const atPauseStep = rollout.controllerPause && !fullyPromoted(model);
      rollout.pausedSince = undefined;
      rollout.userPaused = false;
      if (atPauseStep) {
        nextStep(store, record);
        return;
      }
      break;
    }
    case 'promote-full':
      rollout.promoteFull = true;
      rollout.aborted = false;
      rollout.abortReason = undefined;
      clearPause(rollout);
      break;
    case 'abort':
      rollout.aborted = true;
      rollout.abortedAt = now;
      rollout.abortReason = undefined;
      rollout.stepIndex = 0;
      rollout.stepStartedAt = now;
      rollout.actualWeight = 0;
      clearPause(rollout);
      endAnalysis(rollout, now, 'Run Terminated');
      break;
    case 'retry':
      rollout.aborted = false;
      rollout.abortedAt = undefined;
      rollout.abortReason = undefined;
      rollout.stepIndex = 0;
      rollout.stepStartedAt = now;
      rollout.analysisAttempts += 1;
      newAnalysisRun(model, rollout, now);
      break;
    case 'restart': {
      const at = isoSeconds(now);
      rollout.restartAt = at;
      // the controller recreates the pods, then records the restart
      store.schedule(record, stepMs(store), () => {
        if (model.rollout !== rollout || rollout.restartAt !== at) return;
        rollout.restartedAt = at;
        settle(store, record);
      });
      break;
    }
    case 'pause':
      rollout.userPaused = true;
      break;
    case 'skip-current-step':
      if (rollout.stepIndex < rollout.steps.length) {
        nextStep(store, record);
        return;
      }
      break;
    default:
      throw new ApiError(GrpcCode.Unknown, 'error getting Lua resource action: built-in script does not exist');
  }
  advance(store, record);
}

/** What the control API sets on a Rollout. */
export interface RolloutControl {
  /** The step the canary is at (`status.currentStepIndex`); the step count completes it. */
  step?: number;
  /** Abort it (`status.abort`, as the abort action does). */
  abort?: boolean;
  /** The background analysis ends so: Failed aborts the rollout, as Argo Rollouts does. */
  analysis?: Extract<AnalysisPhase, 'Failed' | 'Error' | 'Inconclusive' | 'Successful'>;
}

/** The revision deployed before the live one (the history's newest other revision). */
function previousRevision(record: AppRecord): string | undefined {
  const history: JsonObject[] = record.app.status?.history ?? [];
  for (let i = history.length - 1; i >= 0; i--) {
    const revision = history[i].revision;
    if (typeof revision === 'string' && revision !== record.model.liveRevision) return revision;
  }
  return undefined;
}

/**
 * The control API's hold on a Rollout (`POST /_sandbox/rollout`): puts the
 * canary at a step (a fully promoted one starts a canary of the live
 * revision over the one deployed before it), aborts it, or ends its
 * analysis; then the controller goes on from there. Answers the state.
 */
export function controlRollout(store: AgentStore, record: AppRecord, control: RolloutControl): JsonObject {
  const model = record.model;
  const rollout = model.rollout;
  const name = record.app.metadata?.name;
  if (!rollout) {
    throw new ApiError(GrpcCode.FailedPrecondition, `application ${name} has no Rollout`);
  }
  const now = store.now();
  if (control.step !== undefined) {
    const step = control.step;
    if (!Number.isInteger(step) || step < 0 || step > rollout.steps.length) {
      throw new ApiError(GrpcCode.InvalidArgument, `step must be an integer from 0 to ${rollout.steps.length}`);
    }
    if (step === rollout.steps.length) {
      complete(store, record);
    } else {
      if (fullyPromoted(model)) {
        const previous = previousRevision(record);
        if (!previous) {
          throw new ApiError(
            GrpcCode.FailedPrecondition,
            `application ${name} has no earlier revision for its Rollout to be a canary of`,
          );
        }
        rollout.stableRevision = previous;
        rollout.revision += 1;
        rollout.startedAt = now;
        rollout.analysisAttempts = 1;
        newAnalysisRun(model, rollout, now);
      } else if (rollout.analysisRun?.phase !== 'Running') {
        rollout.analysisAttempts += 1;
        newAnalysisRun(model, rollout, now);
      }
      rollout.stepIndex = step;
      rollout.stepStartedAt = now;
      rollout.aborted = false;
      rollout.abortedAt = undefined;
      rollout.abortReason = undefined;
      rollout.promoteFull = false;
      rollout.userPaused = false;
      const at = rollout.steps[step];
      rollout.actualWeight = 'setWeight' in at ? weightBeforeStep(rollout.steps, step) : weightAtStep(rollout.steps, step);
      clearPause(rollout);
      advance(store, record);
    }
  }
  if (control.abort) runRolloutAction(store, record, 'abort');
  if (control.analysis && rollout.analysisRun) {
    const run = rollout.analysisRun;
    run.phase = control.analysis;
    run.finishedAt = now;
    run.message =
      control.analysis === 'Successful'
        ? undefined
        : `Metric "${rollout.analysisTemplate}" assessed ${control.analysis} due to ${control.analysis.toLowerCase()} (1) > ${
            control.analysis === 'Inconclusive' ? 'inconclusiveLimit' : 'failureLimit'
          } (0)`;
    if ((control.analysis === 'Failed' || control.analysis === 'Error') && !fullyPromoted(model)) {
      // a failed background analysis aborts the rollout
      rollout.aborted = true;
      rollout.abortedAt = now;
      rollout.abortReason = run.message;
      rollout.stepIndex = 0;
      rollout.actualWeight = 0;
      clearPause(rollout);
    }
    advance(store, record);
  }
  return rolloutState(record);
}

/** Where a Rollout stands, as the control API answers it. */
export function rolloutState(record: AppRecord): JsonObject {
  const model = record.model;
  const live = liveRolloutOf(model);
  return {
    application: record.app.metadata?.name,
    step: currentStepIndex(model),
    steps: model.rollout!.steps.length,
    setWeight: desiredWeight(model),
    // kubectl-argo-rollouts' ActualWeight: 100 once every step is done
    weight: fullyPromoted(model) ? 100 : live.status.canary.weights.canary.weight,
    phase: live.status.phase,
    message: live.status.message,
    aborted: Boolean(live.status.abort),
    paused: (live.status.pauseConditions ?? []).length > 0 || Boolean(live.spec.paused),
    analysis: model.rollout!.analysisRun?.phase,
    health: rolloutHealthOf(model),
  };
}
