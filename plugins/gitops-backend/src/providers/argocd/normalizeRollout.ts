import {
  RolloutStep,
  RolloutSummary,
  sanitizeAgentText,
} from '@gitops-suite/plugin-gitops-common';

type Json = Record<string, any>;

const STEP_KINDS = [
  'setWeight',
  'pause',
  'analysis',
  'experiment',
  'setCanaryScale',
  'setHeaderRoute',
  'setMirrorRoute',
  'plugin',
] as const;

const ANALYSIS_PHASES = [
  'Pending',
  'Running',
  'Successful',
  'Failed',
  'Error',
  'Inconclusive',
] as const;

type AnalysisPhase = NonNullable<RolloutSummary['analysis']>['phase'];

const int = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n)
    ? Math.round(n)
    : undefined;
};

/** A pause's duration as Argo Rollouts writes it: seconds, or `30s`, `5m`. */
function duration(value: unknown): string | undefined {
  if (typeof value === 'number') return `${value}s`;
  if (typeof value === 'string' && value) {
    return /^\d+$/.test(value) ? `${value}s` : sanitizeAgentText(value);
  }
  return undefined;
}

function step(raw: Json): RolloutStep {
  const kind = STEP_KINDS.find(k => raw?.[k] !== undefined && raw[k] !== null);
  if (!kind) return { kind: 'unknown' };
  const result: RolloutStep = { kind };
  if (kind === 'setWeight') {
    const weight = int(raw.setWeight);
    if (weight !== undefined) result.weight = weight;
  }
  if (kind === 'pause') {
    const d = duration(raw.pause?.duration);
    if (d) result.duration = d;
  }
  return result;
}

/** Argo Rollouts' GetCurrentSetWeight: 0 when aborted, 100 past the last step. */
function setWeight(steps: RolloutStep[], index: number, aborted: boolean) {
  if (aborted) return 0;
  if (index >= steps.length) return 100;
  for (let i = index; i >= 0; i--) {
    if (steps[i].kind === 'setWeight') return steps[i].weight ?? 0;
  }
  return 0;
}

/**
 * The canary's share of traffic now, as kubectl-argo-rollouts reads it:
 * 100 past the last step; with traffic routing, the weight the controller
 * set (`status.canary.weights`); without, the canary's share of the
 * available pods.
 */
function actualWeight(
  spec: Json,
  status: Json,
  index: number,
  count: number,
  desired: number,
) {
  if (index >= count) return 100;
  const available = int(status.availableReplicas) ?? 0;
  if (available <= 0) return 0;
  if (spec.strategy?.canary?.trafficRouting) {
    return int(status.canary?.weights?.canary?.weight) ?? desired;
  }
  const updated = int(status.updatedReplicas) ?? 0;
  return Math.floor((Math.min(updated, available) * 100) / available);
}

/** The Rollout's newest AnalysisRun: the one its status names, else the newest created. */
function newestRun(status: Json, runs: Json[]): Json | undefined {
  const named =
    status.canary?.currentStepAnalysisRunStatus?.name ??
    status.canary?.currentBackgroundAnalysisRunStatus?.name;
  const found = named && runs.find(run => run.metadata?.name === named);
  if (found) return found;
  return [...runs].sort((a, b) =>
    String(b.metadata?.creationTimestamp ?? '').localeCompare(
      String(a.metadata?.creationTimestamp ?? ''),
    ),
  )[0];
}

function analysisPhase(value: unknown): AnalysisPhase {
  return ANALYSIS_PHASES.includes(value as (typeof ANALYSIS_PHASES)[number])
    ? (value as AnalysisPhase)
    : 'Unknown';
}

function analysisOf(status: Json, runs: Json[]): RolloutSummary['analysis'] {
  const run = newestRun(status, runs);
  if (!run) {
    const named =
      status.canary?.currentStepAnalysisRunStatus ??
      status.canary?.currentBackgroundAnalysisRunStatus;
    if (!named?.name) return undefined;
    return {
      name: sanitizeAgentText(String(named.name)),
      phase: analysisPhase(named.status),
      ...(named.message && {
        message: sanitizeAgentText(String(named.message)),
      }),
    };
  }
  const results: Json[] = Array.isArray(run.status?.metricResults)
    ? run.status.metricResults
    : [];
  const sum = (field: string) =>
    results.reduce((total, r) => total + (int(r[field]) ?? 0), 0);
  const measurements: Json[] = results[0]?.measurements ?? [];
  const last = measurements[measurements.length - 1];
  const analysis: NonNullable<RolloutSummary['analysis']> = {
    name: sanitizeAgentText(String(run.metadata?.name ?? '')),
    phase: analysisPhase(run.status?.phase),
    successful: sum('successful'),
    failed: sum('failed'),
  };
  if (run.status?.message) {
    analysis.message = sanitizeAgentText(String(run.status.message), {
      multiline: true,
    });
  }
  if (last?.value !== undefined) {
    analysis.lastValue = sanitizeAgentText(String(last.value));
  }
  return analysis;
}

/**
 * An Argo Rollouts Rollout, from its live object and the AnalysisRuns it
 * owns, normalized once: its strategy and canary steps, the step under way
 * (`status.currentStepIndex`), the weight that step sets and the traffic
 * the canary has now, whether it is paused or aborted, the controller's
 * phase and message, and its newest analysis.
 */
export function normalizeRollout(
  live: Json,
  analysisRuns: Json[] = [],
): RolloutSummary {
  const spec: Json = live.spec ?? {};
  const status: Json = live.status ?? {};
  let strategy: RolloutSummary['strategy'] = 'unknown';
  if (spec.strategy?.canary) strategy = 'canary';
  else if (spec.strategy?.blueGreen) strategy = 'blueGreen';
  const rawSteps: Json[] = Array.isArray(spec.strategy?.canary?.steps)
    ? spec.strategy.canary.steps
    : [];
  const steps = rawSteps.map(step);
  const aborted = status.abort === true;
  const promoted =
    status.stableRS !== undefined && status.stableRS === status.currentPodHash;
  const index = int(status.currentStepIndex) ?? (promoted ? steps.length : 0);
  const currentStepIndex = Math.max(0, Math.min(index, steps.length));
  const desired = setWeight(steps, currentStepIndex, aborted);
  const summary: RolloutSummary = {
    strategy,
    steps,
    stepCount: steps.length,
    currentStepIndex,
    setWeight: desired,
    actualWeight: actualWeight(
      spec,
      status,
      currentStepIndex,
      steps.length,
      desired,
    ),
    paused:
      (Array.isArray(status.pauseConditions) &&
        status.pauseConditions.length > 0) ||
      spec.paused === true,
    aborted,
  };
  if (typeof status.phase === 'string' && status.phase) {
    summary.phase = sanitizeAgentText(status.phase);
  }
  if (typeof status.message === 'string' && status.message) {
    summary.message = sanitizeAgentText(status.message, { multiline: true });
  }
  const analysis = analysisOf(status, analysisRuns);
  if (analysis) summary.analysis = analysis;
  return summary;
}
