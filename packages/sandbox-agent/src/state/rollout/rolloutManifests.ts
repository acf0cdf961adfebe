import type { HealthCode } from '../../scenario/schema';
import { hashInt, sha1Hex, uuidFrom } from '../../util/hash';
import { JsonObject } from '../../util/json';
import { isoSeconds } from '../../util/time';
import type { AppModel, AppRecord } from '../types';
import { analysisRunHealth, rolloutHealth, rolloutPhase } from './rolloutHealth';
import {
  RolloutModel,
  currentStepIndex,
  desiredWeight,
  fullyPromoted,
  podTemplateHash,
} from './rolloutModel';

/*
 * What the sandbox renders of an Argo Rollouts canary: the Rollout's spec
 * (git's) and status (the rollouts controller's), the AnalysisTemplate in
 * git, the AnalysisRun the controller creates, and the ReplicaSets and pods
 * of the stable and canary revisions in the resource tree.
 */

const ANALYSIS_INTERVAL_MS = 60_000;
/** Argo Rollouts keeps the last 10 measurements of a metric. */
const MEASUREMENT_RETENTION = 10;

/** The canary's Service, which SMI sends the canary's share of traffic to. */
export function canaryServiceName(model: AppModel): string {
  return `${model.service}-canary`;
}

/** The metric of the sandbox's analysis templates. */
function analysisMetric(rollout: RolloutModel): JsonObject {
  return {
    name: rollout.analysisTemplate,
    interval: '1m',
    successCondition: 'result[0] >= 0.95',
    failureLimit: 0,
    provider: {
      prometheus: {
        address: 'http://prometheus.monitoring.svc:9090',
        query: `sum(rate(http_requests_total{service="{{args.service-name}}",code!~"5.."}[2m])) / sum(rate(http_requests_total{service="{{args.service-name}}"}[2m]))`,
      },
    },
  };
}

/**
 * `spec.strategy` of the Rollout as git has it: the canary's steps, its
 * services, SMI traffic routing, and a background analysis.
 */
export function rolloutStrategy(model: AppModel): JsonObject {
  const rollout = model.rollout!;
  return {
    canary: {
      canaryService: canaryServiceName(model),
      stableService: model.service,
      trafficRouting: { smi: { rootService: model.service, trafficSplitName: model.service } },
      analysis: {
        templates: [{ templateName: rollout.analysisTemplate }],
        args: [{ name: 'service-name', value: canaryServiceName(model) }],
      },
      steps: rollout.steps.map(step => JSON.parse(JSON.stringify(step))),
    },
  };
}

/** `spec` of the AnalysisTemplate in git. */
export function analysisTemplateSpec(model: AppModel): JsonObject {
  return {
    args: [{ name: 'service-name' }],
    metrics: [analysisMetric(model.rollout!)],
  };
}

/** A pod template hash as the controller names the ReplicaSet of a revision. */
export function replicaSetName(model: AppModel, revision: string): string {
  return `${model.service}-${podTemplateHash(model, revision)}`;
}

/** How many pods the canary and the stable ReplicaSets run now. */
export function rolloutReplicas(model: AppModel, replicas: number): { canary: number; stable: number } {
  if (fullyPromoted(model)) return { canary: replicas, stable: 0 };
  if (model.rollout!.aborted) return { canary: 0, stable: replicas };
  const weight = desiredWeight(model);
  // with traffic routing, the stable stays whole and the canary scales to its weight
  return { canary: weight > 0 ? Math.max(1, Math.ceil((replicas * weight) / 100)) : 0, stable: replicas };
}

/** The canary's share of traffic now (`status.canary.weights.canary.weight`). */
function canaryTrafficWeight(model: AppModel): number {
  const rollout = model.rollout!;
  if (fullyPromoted(model) || rollout.aborted) return 0;
  return rollout.actualWeight;
}

function stepHash(rollout: RolloutModel): string {
  return sha1Hex(JSON.stringify(rollout.steps))
    .slice(0, 10)
    .replace(/[0-9]/g, d => 'bcdfghjklm'.charAt(Number(d)));
}

/** The Rollout's conditions, as the controller writes them. */
function conditions(model: AppModel, now: string): JsonObject[] {
  const rollout = model.rollout!;
  const promoted = fullyPromoted(model);
  const canaryRs = replicaSetName(model, model.liveRevision);
  const paused = !promoted && !rollout.aborted && (rollout.pausedSince !== undefined || rollout.userPaused);
  const at = (ms: number | undefined) => (ms === undefined ? now : isoSeconds(ms));
  let progressing: JsonObject;
  if (promoted) {
    progressing = {
      type: 'Progressing',
      status: 'True',
      reason: 'NewReplicaSetAvailable',
      message: `ReplicaSet "${canaryRs}" has successfully progressed.`,
    };
  } else if (rollout.aborted) {
    progressing = {
      type: 'Progressing',
      status: 'False',
      reason: 'RolloutAborted',
      message: `Rollout aborted update to revision ${rollout.revision}${
        rollout.abortReason ? `: ${rollout.abortReason}` : ''
      }`,
    };
  } else if (paused) {
    progressing = { type: 'Progressing', status: 'Unknown', reason: 'RolloutPaused', message: 'Rollout is paused' };
  } else {
    progressing = {
      type: 'Progressing',
      status: 'True',
      reason: 'ReplicaSetUpdated',
      message: `ReplicaSet "${canaryRs}" is progressing.`,
    };
  }
  const result: JsonObject[] = [
    {
      type: 'Available',
      status: 'True',
      reason: 'AvailableReason',
      message: 'Rollout has minimum availability',
      lastTransitionTime: at(rollout.startedAt),
      lastUpdateTime: at(rollout.startedAt),
    },
    {
      type: 'Completed',
      status: promoted ? 'True' : 'False',
      reason: promoted ? 'RolloutCompleted' : 'RolloutNotCompleted',
      message: promoted
        ? `Rollout completed update to revision ${rollout.revision} (${podTemplateHash(model, model.liveRevision)}): Initial deploy`
        : `Rollout not completed, started update to revision ${rollout.revision} (${podTemplateHash(
            model,
            model.liveRevision,
          )})`,
      lastTransitionTime: at(rollout.startedAt),
      lastUpdateTime: at(rollout.startedAt),
    },
    {
      ...progressing,
      lastTransitionTime: at(rollout.abortedAt ?? rollout.stepStartedAt),
      lastUpdateTime: at(rollout.abortedAt ?? rollout.stepStartedAt),
    },
    {
      type: 'Healthy',
      status: promoted ? 'True' : 'False',
      reason: 'RolloutHealthy',
      message: promoted ? 'Rollout is healthy' : 'Rollout is not healthy',
      lastTransitionTime: at(rollout.stepStartedAt),
      lastUpdateTime: at(rollout.stepStartedAt),
    },
  ];
  if (paused) {
    result.push({
      type: 'Paused',
      status: 'True',
      reason: 'RolloutPaused',
      message: 'Rollout is paused',
      lastTransitionTime: at(rollout.pausedSince),
      lastUpdateTime: at(rollout.pausedSince),
    });
  }
  return result;
}

/**
 * The live Rollout: git's manifest with what the controller adds
 * (`spec.paused` and `spec.restartAt` from actions, the revision
 * annotation) and the status it writes: step, weights, pause, abort,
 * stable and canary pod hashes, replicas, conditions, phase and message.
 */
export function liveRollout(model: AppModel, manifest: JsonObject, now: number): JsonObject {
  const rollout = model.rollout!;
  const replicas = Number(manifest.spec.replicas ?? 1);
  const promoted = fullyPromoted(model);
  const { canary, stable } = rolloutReplicas(model, replicas);
  manifest.metadata.annotations = {
    ...(manifest.metadata.annotations ?? {}),
    'rollout.argoproj.io/revision': String(rollout.revision),
  };
  if (rollout.userPaused) manifest.spec.paused = true;
  if (rollout.restartAt) manifest.spec.restartAt = rollout.restartAt;
  const currentPodHash = podTemplateHash(model, model.liveRevision);
  const stableRS = podTemplateHash(model, rollout.stableRevision);
  const weight = canaryTrafficWeight(model);
  const total = canary + stable;
  const status: JsonObject = {
    observedGeneration: String(manifest.metadata.generation ?? 1),
    replicas: total,
    updatedReplicas: canary,
    readyReplicas: total,
    availableReplicas: total,
    HPAReplicas: total,
    selector: `app.kubernetes.io/name=${model.service}`,
    currentPodHash,
    stableRS,
    currentStepHash: stepHash(rollout),
    currentStepIndex: currentStepIndex(model),
    canary: {
      weights: {
        canary: { podTemplateHash: currentPodHash, serviceName: canaryServiceName(model), weight },
        stable: { podTemplateHash: stableRS, serviceName: model.service, weight: 100 - weight },
      },
      ...(rollout.analysisRun && {
        currentBackgroundAnalysisRunStatus: {
          name: rollout.analysisRun.name,
          status: rollout.analysisRun.phase,
          ...(rollout.analysisRun.message && { message: rollout.analysisRun.message }),
        },
      }),
    },
    conditions: conditions(model, isoSeconds(now)),
  };
  if (!promoted && rollout.pausedSince !== undefined) {
    status.pauseConditions = [{ reason: 'CanaryPauseStep', startTime: isoSeconds(rollout.pausedSince) }];
  }
  if (!promoted && rollout.controllerPause) status.controllerPause = true;
  if (rollout.aborted && !promoted) {
    status.abort = true;
    status.abortedAt = isoSeconds(rollout.abortedAt ?? now);
  }
  if (rollout.promoteFull && !promoted) status.promoteFull = true;
  if (rollout.restartedAt) status.restartedAt = rollout.restartedAt;
  Object.assign(status, rolloutPhase(manifest.spec, status));
  manifest.status = status;
  return manifest;
}

/** One measurement of the analysis every interval since it started (the last ten kept). */
function measurements(record: AppRecord, run: NonNullable<RolloutModel['analysisRun']>, now: number) {
  const end = run.finishedAt ?? now;
  const count = Math.max(1, Math.floor((end - run.startedAt) / ANALYSIS_INTERVAL_MS) + 1);
  const failed = run.phase === 'Failed';
  const items: JsonObject[] = [];
  for (let i = Math.max(0, count - MEASUREMENT_RETENTION); i < count; i++) {
    const at = Math.min(end, run.startedAt + i * ANALYSIS_INTERVAL_MS);
    const last = i === count - 1;
    const value = failed && last ? 0.871 : 0.95 + (hashInt(`${record.key}${run.name}${i}`) % 49) / 1000;
    items.push({
      phase: failed && last ? 'Failed' : 'Successful',
      value: `[${value.toFixed(3)}]`,
      startedAt: isoSeconds(at),
      finishedAt: isoSeconds(at),
    });
  }
  return { count, items, failed: failed ? 1 : 0 };
}

/** The AnalysisRun of the canary's background analysis, as the controller made it. */
export function analysisRunObject(record: AppRecord, node: JsonObject, now: number): JsonObject | null {
  const model = record.model;
  const rollout = model.rollout;
  const run = rollout?.analysisRun;
  if (!rollout || !run || run.name !== node.name) return null;
  const { count, items, failed } = measurements(record, run, now);
  const metric = analysisMetric(rollout);
  const running = run.phase === 'Running' || run.phase === 'Pending';
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AnalysisRun',
    metadata: {
      name: run.name,
      namespace: node.namespace,
      uid: node.uid,
      resourceVersion: node.resourceVersion,
      creationTimestamp: isoSeconds(run.startedAt),
      generation: 2,
      labels: {
        'rollout-type': 'Background',
        'rollouts-pod-template-hash': podTemplateHash(model, model.liveRevision),
      },
      annotations: { 'rollout.argoproj.io/revision': String(rollout.revision) },
      ownerReferences: (node.parentRefs as JsonObject[]).map(p => ({
        apiVersion: 'argoproj.io/v1alpha1',
        kind: p.kind,
        name: p.name,
        uid: p.uid,
        controller: true,
        blockOwnerDeletion: true,
      })),
    },
    spec: {
      args: [{ name: 'service-name', value: canaryServiceName(model) }],
      metrics: [metric],
    },
    status: {
      phase: run.phase,
      ...(run.message && { message: run.message }),
      startedAt: isoSeconds(run.startedAt),
      metricResults: [
        {
          name: metric.name,
          phase: running ? 'Running' : run.phase,
          count,
          successful: count - failed,
          failed,
          measurements: items,
        },
      ],
      runSummary: {
        count: 1,
        successful: run.phase === 'Successful' ? 1 : 0,
        failed: run.phase === 'Failed' ? 1 : 0,
        inconclusive: run.phase === 'Inconclusive' ? 1 : 0,
        error: run.phase === 'Error' ? 1 : 0,
      },
    },
  };
}

function refOf(node: JsonObject): JsonObject {
  return { group: node.group, kind: node.kind, namespace: node.namespace, name: node.name, uid: node.uid };
}

const letters = (text: string) => text.replace(/[0-9]/g, d => 'bcdfghjklm'.charAt(Number(d)));

/**
 * What the rollouts controller made for the Rollout, as Argo CD's resource
 * tree shows it: the canary's and the stable's ReplicaSets with their pods
 * (one ReplicaSet once fully promoted), and the AnalysisRun.
 */
export function rolloutChildNodes(
  record: AppRecord,
  node: JsonObject,
  live: JsonObject,
  imageAt: (revision: string) => string,
  now: number,
): JsonObject[] {
  const model = record.model;
  const rollout = model.rollout!;
  const replicas = Math.min(10, Number(live.spec.replicas ?? 0));
  const { canary, stable } = rolloutReplicas(model, replicas);
  const sets = [{ revision: model.liveRevision, number: rollout.revision, pods: canary }];
  if (!fullyPromoted(model)) sets.push({ revision: rollout.stableRevision, number: rollout.revision - 1, pods: stable });
  const nodes: JsonObject[] = [];
  for (const set of sets) {
    const name = replicaSetName(model, set.revision);
    const rs: JsonObject = {
      group: 'apps',
      version: 'v1',
      kind: 'ReplicaSet',
      namespace: node.namespace,
      name,
      uid: uuidFrom(record.key, 'ReplicaSet', name),
      resourceVersion: String(100000 + (hashInt(`${name}${set.pods}`) % 900000)),
      createdAt: isoSeconds(set.revision === model.liveRevision ? rollout.startedAt : model.createdAt),
      parentRefs: [refOf(node)],
      info: [{ name: 'Revision', value: `Rev:${set.number}` }],
      health: { status: 'Healthy' },
    };
    nodes.push(rs);
    const image = imageAt(set.revision);
    for (let i = 0; i < set.pods; i++) {
      const podName = `${name}-${letters(sha1Hex(name, i).slice(0, 5))}`;
      nodes.push({
        version: 'v1',
        kind: 'Pod',
        namespace: node.namespace,
        name: podName,
        uid: uuidFrom(record.key, 'Pod', podName),
        resourceVersion: String(200000 + (hashInt(podName) % 900000)),
        createdAt: rs.createdAt,
        parentRefs: [refOf(rs)],
        images: [image],
        info: [
          { name: 'Status Reason', value: 'Running' },
          { name: 'Node', value: `ip-10-0-${hashInt(podName) % 32}-${hashInt(`${podName}n`) % 250}.compute.internal` },
          { name: 'Containers', value: '1/1' },
        ],
        health: { status: 'Healthy' },
      });
    }
  }
  const run = rollout.analysisRun;
  if (run) {
    const analysis: JsonObject = {
      group: 'argoproj.io',
      version: 'v1alpha1',
      kind: 'AnalysisRun',
      namespace: node.namespace,
      name: run.name,
      uid: uuidFrom(record.key, 'AnalysisRun', run.name),
      resourceVersion: String(300000 + (hashInt(`${run.name}${run.phase}`) % 900000)),
      createdAt: isoSeconds(run.startedAt),
      parentRefs: [refOf(node)],
    };
    const object = analysisRunObject(record, analysis, now);
    if (object) analysis.health = analysisRunHealth(object);
    nodes.push(analysis);
  }
  return nodes;
}

/** The live Rollout as health and actions read it (no rendering context needed). */
export function liveRolloutOf(model: AppModel, now = 0): JsonObject {
  return liveRollout(
    model,
    {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Rollout',
      metadata: { name: model.service, generation: 1 },
      spec: { replicas: model.replicas, strategy: rolloutStrategy(model) },
    },
    now,
  );
}

/** The Rollout's health, as Argo CD's health.lua reads its live object. */
export function rolloutHealthOf(model: AppModel): { status: HealthCode; message?: string } {
  const health = rolloutHealth(liveRolloutOf(model));
  return { status: health.status as HealthCode, ...(health.message ? { message: health.message } : {}) };
}
