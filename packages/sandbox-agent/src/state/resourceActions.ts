import { ApiError, GrpcCode } from '../http/ApiError';
import { JsonObject } from '../util/json';
import { isoSeconds } from '../util/time';
import { AgentStore } from './AgentStore';
import { computeStatus } from './applicationStatus';
import { findNode } from './resourceActivity';
import { allResources, liveManifest, resourceKey, sameResource } from './manifests';
import { runRolloutAction } from './rollout/RolloutController';
import { rolloutDiscovery } from './rollout/rolloutActions';
import { AppRecord, ResourceRef } from './types';

/** The resource an action names (the query of `/resource/actions`). */
export interface ActionTarget {
  namespace?: string;
  resourceName?: string;
  version?: string;
  group?: string;
  kind?: string;
}

/**
 * Argo CD's built-in resource actions (resource_customizations/<group>/<kind>/
 * actions/discovery.lua) for the kinds the sandbox renders: what each
 * discovery script answers for a live object (on the agent's Argo CD
 * version). Deployments restart, pause and resume (pause is disabled while
 * paused, resume while not); StatefulSets and DaemonSets restart; Argo
 * Rollouts' Rollouts resume, promote-full, abort, retry and restart (see
 * rollout/rolloutActions.ts). Other kinds have none.
 */
const DISCOVERY: Record<string, (live: JsonObject, version: string) => JsonObject[]> = {
  'apps/Deployment': live => {
    const paused = live.spec?.paused === true;
    return [
      { name: 'pause', disabled: paused, iconClass: 'fa fa-fw fa-pause-circle' },
      { name: 'restart', disabled: false, iconClass: 'fa fa-fw fa-redo' },
      { name: 'resume', disabled: !paused, iconClass: 'fa fa-fw fa-play-circle' },
    ];
  },
  'apps/StatefulSet': () => [{ name: 'restart', disabled: false, iconClass: 'fa fa-fw fa-redo' }],
  'apps/DaemonSet': () => [{ name: 'restart', disabled: false, iconClass: 'fa fa-fw fa-redo' }],
  'argoproj.io/Rollout': rolloutDiscovery,
};

/** The resource an action target names, as the sandbox compares resources. */
function wanted(target: ActionTarget) {
  return {
    kind: target.kind ?? '',
    name: target.resourceName ?? '',
    group: target.group ?? '',
    namespace: target.namespace ?? '',
  };
}

/** The application's own resource the target names, if it has one. */
function ownResource(record: AppRecord, target: ActionTarget): ResourceRef | undefined {
  const wantedRef = wanted(target);
  return allResources(record.model).find(r => sameResource(r, wantedRef));
}

/** The application's live resource the target names, or Argo CD's refusal. */
function liveResource(
  store: AgentStore,
  record: AppRecord,
  target: ActionTarget,
  ref: ResourceRef | undefined = ownResource(record, target),
): { ref: ResourceRef; live: JsonObject } {
  const live = ref && liveManifest(store.render, record, ref);
  if (!ref || !live) {
    const wantedRef = wanted(target);
    throw new ApiError(
      GrpcCode.NotFound,
      `${wantedRef.kind} ${wantedRef.group} ${wantedRef.name} not found as part of application ${record.app.metadata?.name}`,
    );
  }
  return { ref, live };
}

/**
 * GET .../resource/actions: the actions the resource's kind offers now
 * (applicationResourceActionsListResponse). A resource the controller made
 * (a ReplicaSet, a Pod) is in the tree too, as Argo CD finds it, and its
 * kinds have no built-in action: an empty list, not a 404.
 */
export function listResourceActions(store: AgentStore, record: AppRecord, target: ActionTarget): JsonObject {
  const own = ownResource(record, target);
  if (!own && findNode(store.render, record, wanted(target))) {
    return { actions: [] };
  }
  const { ref, live } = liveResource(store, record, target, own);
  return { actions: DISCOVERY[`${ref.group}/${ref.kind}`]?.(live, store.config.version) ?? [] };
}

/**
 * POST .../resource/actions: runs a built-in action on the live resource as
 * its action.lua does (a Rollout's, then its controller: RolloutController).
 * `restart` stamps the pod template with
 * `kubectl.kubernetes.io/restartedAt`, which rolls out a new ReplicaSet
 * revision (Progressing, then the health it had); `pause` and `resume` set
 * `spec.paused`. An action the kind has no script for fails as Argo CD's
 * Lua VM does (codes.Unknown).
 */
export function runResourceAction(store: AgentStore, record: AppRecord, target: ActionTarget, action: string): void {
  const { ref, live } = liveResource(store, record, target);
  const known = (DISCOVERY[`${ref.group}/${ref.kind}`]?.(live, store.config.version) ?? []).some(
    a => a.name === action,
  );
  if (!known) {
    throw new ApiError(GrpcCode.Unknown, 'error getting Lua resource action: built-in script does not exist');
  }
  if (ref.kind === 'Rollout' && record.model.rollout) {
    runRolloutAction(store, record, action);
    return;
  }
  const model = record.model;
  const recompute = () => {
    computeStatus(store.render, record, { inlineHealth: store.config.inlineHealth, now: store.now() });
    store.changed(record);
  };
  if (action === 'pause') {
    model.health = 'Suspended';
    model.healthMessage = 'Deployment is paused';
    recompute();
    return;
  }
  if (action === 'resume') {
    if (model.health === 'Suspended') {
      model.health = 'Healthy';
      model.healthMessage = undefined;
    }
    recompute();
    return;
  }
  const key = resourceKey(ref);
  const restarts = (model.restarts ??= {});
  restarts[key] = { at: isoSeconds(store.now()), count: (restarts[key]?.count ?? 0) + 1 };
  const before = model.health;
  if (before === 'Healthy') {
    // the new ReplicaSet rolls out, then the workload is as healthy as before
    model.health = 'Progressing';
    store.schedule(record, Math.round(store.config.syncDurationMs / 2), () => {
      if (model.health !== 'Progressing' || record.app.operation) return;
      model.health = before;
      recompute();
    });
  }
  recompute();
}
