import { ApiError, GrpcCode } from '../http/ApiError';
import { Commit } from '../git/GitRepository';
import { normalizeRepoUrl } from '../git/GitCatalog';
import { JsonObject, clone } from '../util/json';
import { isoSeconds } from '../util/time';
import { AgentStore } from './AgentStore';
import { appSources, computeStatus, isOutOfSync, resourceOutOfSync } from './applicationStatus';
import { isAutomated, isSelfHeal } from './applicationFactory';
import { driftFor } from './drift';
import { allResources, changesWithRevision, sameResource } from './manifests';
import {
  Initiator,
  SyncRequestOptions,
  appendHistory,
  historyEntry,
  nextHistoryId,
  syncOperation,
  syncResult,
} from './operationRecords';
import { rolloutApplied } from './rollout/RolloutController';
import { applicationSyncWindows, canSync } from './syncWindows';
import { AppRecord, DriftField, ResourceRef } from './types';

/** A sync request as the API receives it (applicationApplicationSyncRequest). */
export interface SyncRequest {
  revision?: string;
  revisions?: string[];
  sourcePositions?: Array<string | number>;
  prune?: boolean;
  dryRun?: boolean;
  resources?: Array<Partial<ResourceRef>>;
  syncOptions?: string[];
  strategy?: JsonObject;
  retryStrategy?: JsonObject;
}

/** The operation state of an operation the controller has just started. */
function runningState(operation: JsonObject, startedAt: number): JsonObject {
  return {
    operation: clone(operation),
    phase: 'Running',
    message: 'one or more tasks are running',
    startedAt: isoSeconds(startedAt),
  };
}

/**
 * What the application controller does: syncs that run for a while and
 * then succeed, rollbacks, refreshes that re-read git, auto-sync and
 * self-heal, and drift when someone edits the cluster.
 */
export class Operations {
  constructor(private readonly store: AgentStore) {}

  private now() {
    return this.store.now();
  }

  private recompute(record: AppRecord) {
    computeStatus(this.store.render, record, {
      inlineHealth: this.store.config.inlineHealth,
      now: this.now(),
    });
  }

  private gitSource(record: AppRecord): JsonObject | undefined {
    const sources = appSources(record.app);
    return sources.find(s => !s.chart) ?? sources[0];
  }

  /** Resolves a revision of the app's git source to a SHA. */
  resolveRevision(record: AppRecord, ref: string | undefined): string {
    const model = record.model;
    const source = this.gitSource(record);
    // A chart from a Helm repository: the revision is the chart version.
    if (source?.chart) return ref || String(source.targetRevision ?? model.desiredRevision);
    const repo = this.store.git.find(model.source.repoUrl);
    const wanted = ref || source?.targetRevision;
    if (!ref && model.literal && repo?.head.sha === model.seenHead) return model.desiredRevision;
    if (wanted && /^[0-9a-f]{40}$/.test(wanted)) return wanted;
    const commit = repo?.resolve(wanted);
    if (!commit) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `rpc error: code = Unknown desc = unable to resolve '${wanted}' to a commit SHA`,
      );
    }
    return commit.sha;
  }

  private requestRevision(record: AppRecord, request: SyncRequest): string | undefined {
    if (request.revision) return request.revision;
    if (request.revisions?.length) {
      const sources = appSources(record.app);
      const gitIndex = Math.max(0, sources.findIndex(s => !s.chart));
      const positions = (request.sourcePositions ?? []).map(Number);
      const at = positions.indexOf(gitIndex + 1);
      return at >= 0 ? request.revisions[at] : request.revisions[request.revisions.length - 1];
    }
    return undefined;
  }

  private assertCanOperate(record: AppRecord, manual: boolean) {
    if (record.app.status?.operationState?.phase === 'Running') {
      throw new ApiError(GrpcCode.FailedPrecondition, 'another operation is already in progress');
    }
    const project = this.store.projects.get(record.app.spec?.project || 'default');
    const windows = applicationSyncWindows(project, record.app, this.now());
    if (!canSync(windows.assignedWindows, windows.activeWindows, manual)) {
      throw new ApiError(GrpcCode.PermissionDenied, 'cannot sync: blocked by sync window');
    }
  }

  /**
   * POST .../sync: starts a sync (Running), which succeeds after
   * syncDurationMs. As Argo CD's server does, a request without sync options
   * or retry strategy takes the application's (`spec.syncPolicy`).
   */
  sync(record: AppRecord, request: SyncRequest, initiator: Initiator): JsonObject {
    this.assertCanOperate(record, !initiator.automated);
    const revision = this.resolveRevision(record, this.requestRevision(record, request));
    const policy = record.app.spec?.syncPolicy;
    const options = {
      revision,
      prune: request.prune,
      resources: request.resources,
      syncOptions: request.syncOptions ?? policy?.syncOptions,
      strategy: request.strategy,
      retry: request.retryStrategy ?? policy?.retry,
    };
    if (request.dryRun) this.startDryRun(record, options, initiator);
    else this.start(record, options, initiator);
    return record.app;
  }

  /** POST .../rollback: syncs to a history entry's revision. */
  rollback(record: AppRecord, request: { id?: number | string; dryRun?: boolean; prune?: boolean }, initiator: Initiator): JsonObject {
    const name = record.app.metadata?.name;
    if (isAutomated(record.app)) {
      throw new ApiError(
        GrpcCode.FailedPrecondition,
        'rollback cannot be initiated when auto-sync is enabled',
      );
    }
    const history: JsonObject[] = record.app.status?.history ?? [];
    const id = Number(request.id);
    const entry = history.find(h => Number(h.id) === id);
    if (request.id === undefined || !entry) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `application ${name} does not have deployment with id ${request.id ?? 0}`,
      );
    }
    this.assertCanOperate(record, true);
    const revision =
      entry.revision ?? (Array.isArray(entry.revisions) ? entry.revisions[entry.revisions.length - 1] : undefined);
    const options = { revision, prune: request.prune, source: entry.source, sources: entry.sources };
    if (request.dryRun) this.startDryRun(record, options, initiator);
    else this.start(record, options, initiator);
    return record.app;
  }

  /**
   * A dry run is an operation as any other (`operation.sync.dryRun`): it
   * runs `kubectl apply --dry-run` and ends Succeeded, but changes nothing
   * live, records no history and leaves health alone.
   */
  private startDryRun(record: AppRecord, request: SyncRequestOptions, initiator: Initiator) {
    const app = record.app;
    const dryRun = { ...request, dryRun: true };
    const startedAt = this.now();
    app.operation = syncOperation(record, dryRun, initiator);
    app.status ??= {};
    app.status.operationState = runningState(app.operation, startedAt);
    this.store.changed(record);
    const operation = app.operation;
    this.finishLater(record, Math.round(this.store.config.syncDurationMs / 4), () => {
      // terminated meanwhile: the operation is no longer the app's
      if (app.operation !== operation) return;
      const result = syncResult(record, dryRun, { pruned: Boolean(request.prune) && !!record.model.orphan });
      for (const resource of (result.resources as JsonObject[] | undefined) ?? []) {
        resource.message = `${resource.message} (dry run)`;
      }
      delete app.operation;
      app.status.operationState = {
        operation: syncOperation(record, dryRun, initiator),
        phase: 'Succeeded',
        message: 'successfully synced (all tasks run)',
        startedAt: isoSeconds(startedAt),
        finishedAt: isoSeconds(this.now()),
        syncResult: result,
      };
      this.store.changed(record);
    });
  }

  private start(record: AppRecord, request: SyncRequestOptions, initiator: Initiator) {
    const app = record.app;
    const model = record.model;
    const startedAt = this.now();
    const operation = syncOperation(record, request, initiator);
    app.operation = operation;
    app.status ??= {};
    app.status.operationState = runningState(operation, startedAt);
    record.healthBeforeOperation = model.health;
    model.missing = false;
    model.health = 'Progressing';
    model.healthMessage = undefined;
    this.recompute(record);
    this.store.changed(record);
    this.finishLater(record, this.store.config.syncDurationMs, () => {
      // terminated meanwhile: the operation is no longer the app's
      if (app.operation === operation) this.finish(record, request, initiator, startedAt);
    });
  }

  /** Ends a running operation after ms, or when released if the app holds its operations. */
  private finishLater(record: AppRecord, ms: number, finish: () => void) {
    if (record.holdOperations) record.heldFinish = finish;
    else this.store.schedule(record, ms, finish);
  }

  /**
   * The control API's hold: while held, operations on the app run until
   * terminated; releasing the hold lets a held operation finish now.
   */
  hold(record: AppRecord, hold: boolean) {
    record.holdOperations = hold;
    if (!hold && record.heldFinish) {
      const finish = record.heldFinish;
      record.heldFinish = undefined;
      finish();
    }
  }

  private finish(record: AppRecord, request: SyncRequestOptions, initiator: Initiator, startedAt: number) {
    const app = record.app;
    const model = record.model;
    const selected = (ref: ResourceRef) =>
      !request.resources?.length || request.resources.some(f => sameResource(ref, f));
    const pruned = Boolean(request.prune) && !!model.orphan && selected(model.orphan);
    // The result is computed before the model moves on, so it lists what was applied.
    const result = syncResult(record, request, { pruned });
    model.drift = model.drift.filter(d => !selected(d.resource));
    if (pruned) model.orphan = undefined;
    const revisionResources = allResources(model).filter(changesWithRevision);
    const previousLive = model.liveRevision;
    if (!request.resources?.length || revisionResources.every(selected)) {
      model.liveRevision = request.revision;
    }
    delete app.operation;
    const finishedAt = this.now();
    appendHistory(
      record,
      historyEntry(record, {
        id: nextHistoryId(record),
        revision: request.revision,
        deployStartedAt: startedAt,
        deployedAt: finishedAt,
        initiatedBy: initiator,
        source: request.source,
        sources: request.sources,
      }),
    );
    app.status.operationState = {
      operation: syncOperation(record, request, initiator),
      phase: 'Succeeded',
      message: 'successfully synced (all tasks run)',
      startedAt: isoSeconds(startedAt),
      finishedAt: isoSeconds(finishedAt),
      syncResult: result,
    };
    if (Array.isArray(app.status.conditions)) {
      app.status.conditions = app.status.conditions.filter(
        (c: JsonObject) => c.type !== 'SyncError' && c.type !== 'ComparisonError',
      );
      if (!app.status.conditions.length) delete app.status.conditions;
    }
    // A Rollout's canary takes it from here (a new revision starts one).
    if (rolloutApplied(this.store, record, previousLive)) return;
    this.recompute(record);
    this.store.changed(record);
    // The rollout settles a moment after the apply: Progressing, then Healthy.
    this.store.schedule(record, Math.round(this.store.config.syncDurationMs / 2), () => {
      if (app.status?.operationState?.phase === 'Running') return;
      model.health = 'Healthy';
      this.recompute(record);
      this.store.changed(record);
    });
  }

  /** Refresh: re-read git (the desired revision) and recompute the comparison. */
  refresh(record: AppRecord, _hard: boolean) {
    const model = record.model;
    const repo = this.store.git.find(model.source.repoUrl);
    const pushed = repo !== undefined && repo.head.sha !== model.seenHead;
    let changed = false;
    if (!model.literal || pushed) {
      try {
        const desired = this.resolveRevision(record, undefined);
        changed = desired !== model.desiredRevision;
        model.desiredRevision = desired;
      } catch {
        // An unresolvable target revision keeps the last comparison.
      }
    }
    if (repo) model.seenHead = repo.head.sha;
    if (!model.literal || model.touched || changed) this.recompute(record);
    else record.app.status = { ...(record.app.status ?? {}), reconciledAt: isoSeconds(this.now()) };
    this.store.changed(record);
    this.maybeAutoSync(record);
  }

  /** Auto-sync: an automated app that is out of sync with git syncs itself. */
  maybeAutoSync(record: AppRecord) {
    const app = record.app;
    const model = record.model;
    if (!isAutomated(app) || app.status?.operationState?.phase === 'Running') return;
    const behindGit = model.missing || model.desiredRevision !== model.liveRevision;
    const healable = isSelfHeal(app) && isOutOfSync(this.store.render, model);
    if (!behindGit && !healable) return;
    try {
      this.sync(
        record,
        { revision: model.desiredRevision, prune: Boolean(app.spec.syncPolicy.automated.prune) },
        { automated: true },
      );
    } catch {
      // Blocked by a sync window: the controller tries again later.
    }
  }

  /** Someone edits the cluster: the live state of a field differs from git. */
  drift(record: AppRecord, field: DriftField = 'replicas') {
    const model = record.model;
    if (model.missing) {
      throw new ApiError(GrpcCode.FailedPrecondition, 'the application has no live resources to drift');
    }
    const entry = driftFor(this.store.render, record, field);
    model.drift = model.drift.filter(
      d => !(d.field === entry.field && sameResource(d.resource, entry.resource)),
    );
    model.drift.push(entry);
    this.recompute(record);
    this.store.changed(record);
    if (isSelfHeal(record.app)) {
      this.store.schedule(record, this.store.config.selfHealDelayMs, () => {
        if (model.drift.length) this.maybeAutoSync(record);
      });
    }
    const live = record.app.status?.resources?.find(
      (r: JsonObject) => r.kind === entry.resource.kind && r.name === entry.resource.name,
    );
    return {
      application: record.app.metadata?.name,
      namespace: record.app.metadata?.namespace,
      field: entry.field,
      path: entry.path,
      resource: entry.resource,
      target: entry.target,
      live: entry.live,
      resourceStatus: live?.status ?? (resourceOutOfSync(this.store.render, model, entry.resource) ? 'OutOfSync' : 'Synced'),
    };
  }

  /** Someone pushes to git: a new head commit of a repository. */
  pushCommit(repoUrl: string, options: { message?: string; signed?: boolean }): Commit {
    const repo = this.store.git.writable(repoUrl);
    if (!repo) throw new ApiError(GrpcCode.NotFound, `repository ${repoUrl} not found`);
    return repo.push({ message: options.message, signed: options.signed, date: this.now() });
  }

  /** The apps whose git source is the repository. */
  appsOfRepo(repoUrl: string): AppRecord[] {
    const wanted = normalizeRepoUrl(repoUrl);
    return [...this.store.apps.values()].filter(r => normalizeRepoUrl(r.model.source.repoUrl) === wanted);
  }
}
