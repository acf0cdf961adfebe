import { JsonObject, jsonEqual } from '../../util/json';
import { isoSeconds } from '../../util/time';
import { matchesRequirements, requirementsFromLabelSelector } from '../labelSelector';
import { AgentStore } from '../AgentStore';
import { AppRecord, AppSetRecord } from '../types';

/** The controller's messages (applicationset_controller.go), word for word. */
const MESSAGES = {
  defaulted: 'No Application status found, defaulting status to Waiting.',
  pendingChanges: 'Application has pending changes, setting status to Waiting.',
  alreadyHealthy: 'Application resource is already Healthy, updating status from Waiting to Healthy.',
  moved: 'Application moved to Pending status, watching for the Application resource to start Progressing.',
  progressing: 'Application resource became Progressing, updating status from Pending to Progressing.',
  healthy: 'Application resource became Healthy, updating status from Progressing to Healthy.',
};

type Step = { matchExpressions?: JsonObject[]; maxUpdate?: number | string };

/** Is the set's strategy RollingSync (progressive syncs)? */
export function isRollingSync(appSet: JsonObject): boolean {
  return appSet.spec?.strategy?.type === 'RollingSync';
}

function steps(appSet: JsonObject): Step[] {
  return appSet.spec?.strategy?.rollingSync?.steps ?? [];
}

/**
 * Progressive syncs force automated sync off on every generated
 * Application: the ApplicationSet controller syncs them step by step.
 */
export function disableAutoSync(appSet: JsonObject, apps: JsonObject[]): void {
  if (!isRollingSync(appSet)) return;
  for (const app of apps) {
    if (app.spec?.syncPolicy?.automated) delete app.spec.syncPolicy.automated;
  }
}

/** The 1-based step whose match expressions select the app, 0 for none. */
function stepOf(app: JsonObject, all: Step[]): number {
  const labels = app.metadata?.labels ?? {};
  const at = all.findIndex(step =>
    matchesRequirements(
      requirementsFromLabelSelector({ matchExpressions: (step.matchExpressions ?? []) as never }),
      labels,
    ),
  );
  return at + 1;
}

/**
 * How many of a step's applications may update at once: an int, or a
 * percentage of them rounded down, where any percentage above 0% lets at
 * least one through (GetScaledValueFromIntOrPercent); absent means all.
 */
export function maxUpdateOf(maxUpdate: number | string | undefined, inStep: number): number {
  if (maxUpdate === undefined || maxUpdate === null) return inStep;
  if (typeof maxUpdate === 'number') return maxUpdate;
  const percent = /^(\d+)%$/.exec(maxUpdate);
  if (!percent) return Number(maxUpdate);
  const scaled = Math.floor((inStep * Number(percent[1])) / 100);
  return Number(percent[1]) > 0 && scaled < 1 ? 1 : scaled;
}

function healthyAndSynced(app: JsonObject): boolean {
  return (
    app.status?.health?.status === 'Healthy' &&
    app.status?.sync?.status === 'Synced' &&
    app.status?.operationState?.phase !== 'Running'
  );
}

function outOfSync(app: JsonObject): boolean {
  return app.status?.sync?.status === 'OutOfSync';
}

function running(app: JsonObject): boolean {
  return app.status?.operationState?.phase === 'Running' || app.status?.health?.status === 'Progressing';
}

/**
 * RollingSync as Argo CD's ApplicationSet controller runs it, one pass per
 * call: each owned application's status moves Waiting (pending changes) ->
 * Pending (its step's turn, at most maxUpdate at once) -> Progressing
 * (its sync runs) -> Healthy; a step starts once every application of the
 * steps before it is Healthy; the controller syncs the Pending ones. The
 * caller runs a pass whenever an owned application changes.
 */
export class RollingSync {
  /** Sets with a pass queued (an owned application changed). */
  private readonly queued = new Set<AppSetRecord>();

  constructor(
    private readonly store: AgentStore,
    private readonly controller: {
      owned: (record: AppSetRecord) => AppRecord[];
      /** Starts a sync as the controller (throws when a window blocks it). */
      sync: (app: AppRecord) => void;
    },
  ) {
    // The controller watches the Applications it owns: a change of one
    // requeues its RollingSync set, once, after the change is done.
    store.subscribe(event => {
      if (event.kind !== 'application') return;
      for (const owner of event.record.app.metadata?.ownerReferences ?? []) {
        if (owner.kind !== 'ApplicationSet') continue;
        const set = store.findAppSet(owner.name, event.record.app.metadata?.namespace);
        if (set && isRollingSync(set.appSet)) this.requeue(set);
      }
    });
  }

  private requeue(record: AppSetRecord) {
    if (this.queued.has(record)) return;
    this.queued.add(record);
    queueMicrotask(() => {
      this.queued.delete(record);
      if (this.store.appSets.get(record.key) !== record) return;
      if (this.reconcile(record)) this.store.appSetChanged(record);
    });
  }

  /** One pass; true when status.applicationStatus or status.health changed. */
  reconcile(record: AppSetRecord): boolean {
    const appSet = record.appSet;
    const owned = this.controller.owned(record);
    if (!isRollingSync(appSet)) return false;
    appSet.status ??= {};
    const before = { statuses: appSet.status.applicationStatus, health: appSet.status.health };
    const at = isoSeconds(this.store.now());
    const all = steps(appSet);
    const previous = new Map<string, JsonObject>(
      (appSet.status.applicationStatus ?? []).map((s: JsonObject) => [s.application, s]),
    );
    const entries = owned
      .map(app => ({ record: app, step: stepOf(app.app, all) }))
      .filter(e => e.step > 0)
      .sort((a, b) => a.step - b.step || a.record.app.metadata.name.localeCompare(b.record.app.metadata.name));
    const statuses = entries.map(({ record: { app }, step }) => {
      const last = previous.get(app.metadata.name);
      const status: JsonObject = last
        ? { ...last }
        : { application: app.metadata.name, status: 'Waiting', message: MESSAGES.defaulted, lastTransitionTime: at };
      const move = (to: string, message: string) => {
        if (status.status === to) return;
        Object.assign(status, { status: to, message, lastTransitionTime: at });
      };
      status.step = String(step);
      status.targetRevisions = [app.status?.sync?.revision ?? app.spec?.source?.targetRevision ?? ''].filter(Boolean);
      if (outOfSync(app) && (status.status === 'Healthy' || status.status === 'Waiting')) {
        move('Waiting', MESSAGES.pendingChanges);
      } else if (status.status === 'Waiting' && healthyAndSynced(app)) {
        move('Healthy', MESSAGES.alreadyHealthy);
      } else if (status.status === 'Pending' && running(app)) {
        move('Progressing', MESSAGES.progressing);
      } else if (status.status === 'Progressing' && healthyAndSynced(app)) {
        move('Healthy', MESSAGES.healthy);
      }
      return status;
    });
    this.progress(all, statuses, at);
    appSet.status.applicationStatus = statuses;
    appSet.status.health = statuses.every(s => s.status === 'Healthy')
      ? { status: 'Healthy' }
      : { status: 'Progressing', message: 'Waiting for the rollout to complete' };
    for (const { record: app } of entries) {
      const status = statuses.find(s => s.application === app.app.metadata.name);
      if (status?.status !== 'Pending' || !outOfSync(app.app) || running(app.app)) continue;
      try {
        this.controller.sync(app);
      } catch {
        // Blocked by a sync window: the next pass tries again.
      }
    }
    return !jsonEqual(before, { statuses: appSet.status.applicationStatus, health: appSet.status.health });
  }

  /**
   * updateApplicationSetApplicationStatusProgress: the first step with an
   * application that is not Healthy moves its Waiting ones to Pending, as
   * many as its maxUpdate leaves room for; later steps wait.
   */
  private progress(all: Step[], statuses: JsonObject[], at: string) {
    for (let step = 1; step <= all.length; step += 1) {
      const inStep = statuses.filter(s => s.step === String(step));
      if (inStep.every(s => s.status === 'Healthy')) continue;
      const limit = maxUpdateOf(all[step - 1].maxUpdate, inStep.length);
      let updating = inStep.filter(s => s.status === 'Pending' || s.status === 'Progressing').length;
      for (const status of inStep) {
        if (updating >= limit) break;
        if (status.status !== 'Waiting') continue;
        Object.assign(status, { status: 'Pending', message: MESSAGES.moved, lastTransitionTime: at });
        updating += 1;
      }
      return;
    }
  }
}
