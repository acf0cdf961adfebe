import { JsonObject, clone } from '../util/json';
import { isoSeconds } from '../util/time';
import { appSources, isMultiSource, revisionsFor } from './applicationStatus';
import { allResources, sameResource } from './manifests';
import { AppRecord, ResourceRef } from './types';

/*
 * The records the controller writes for operations: history entries,
 * operation requests and their results.
 */

export interface Initiator {
  username?: string;
  automated?: boolean;
}

/*
 * Source objects are shared, not copied, between spec, comparedTo, history
 * and operations: the sandbox never mutates a source in place (a changed
 * spec gets new objects), and sharing keeps large fleets small in memory.
 */
function copySource(source: JsonObject | undefined): JsonObject {
  return source ?? {};
}

function sourcesAt(record: AppRecord, revision: string): JsonObject {
  const app = record.app;
  if (isMultiSource(app)) {
    return { revisions: revisionsFor(record, revision), sources: app.spec.sources.map(copySource) };
  }
  return { revision, source: copySource(appSources(app)[0]) };
}

/** A status.history[] entry. */
export function historyEntry(
  record: AppRecord,
  options: {
    id: number;
    revision: string;
    deployStartedAt: number;
    deployedAt: number;
    initiatedBy?: Initiator;
    source?: JsonObject;
    sources?: JsonObject[];
  },
): JsonObject {
  const entry: JsonObject = {
    id: options.id,
    deployStartedAt: isoSeconds(options.deployStartedAt),
    deployedAt: isoSeconds(options.deployedAt),
    ...sourcesAt(record, options.revision),
  };
  if (options.source) entry.source = copySource(options.source);
  if (options.sources) entry.sources = options.sources.map(copySource);
  if (options.initiatedBy) entry.initiatedBy = options.initiatedBy;
  return entry;
}

/** The next history id (ids only grow, as Argo CD's do). */
export function nextHistoryId(record: AppRecord): number {
  const history: JsonObject[] = record.app.status?.history ?? [];
  return history.reduce((max, h) => Math.max(max, Number(h.id ?? -1)), -1) + 1;
}

/** Appends a history entry, keeping at most revisionHistoryLimit (default 10). */
export function appendHistory(record: AppRecord, entry: JsonObject) {
  const status = (record.app.status ??= {});
  const history: JsonObject[] = (status.history ??= []);
  history.push(entry);
  const limit = Number(record.app.spec?.revisionHistoryLimit ?? 10);
  if (history.length > limit) history.splice(0, history.length - limit);
}

export interface SyncRequestOptions {
  revision: string;
  prune?: boolean;
  dryRun?: boolean;
  resources?: Array<Partial<ResourceRef>>;
  syncOptions?: string[];
  strategy?: JsonObject;
  /** Argo CD's retryStrategy (operation.retry). */
  retry?: JsonObject;
  source?: JsonObject;
  sources?: JsonObject[];
}

/** The `operation` object of a sync (Application.operation / operationState.operation). */
export function syncOperation(
  record: AppRecord,
  request: SyncRequestOptions,
  initiatedBy: Initiator,
): JsonObject {
  const sync: JsonObject = {
    syncStrategy: request.strategy ?? { hook: {} },
  };
  if (isMultiSource(record.app)) sync.revisions = revisionsFor(record, request.revision);
  else sync.revision = request.revision;
  if (request.prune) sync.prune = true;
  if (request.dryRun) sync.dryRun = true;
  if (request.resources?.length) {
    sync.resources = request.resources.map(r => ({
      group: r.group ?? '',
      kind: r.kind,
      name: r.name,
      ...(r.namespace ? { namespace: r.namespace } : {}),
    }));
  }
  if (request.syncOptions?.length) sync.syncOptions = [...request.syncOptions];
  if (request.source) sync.source = copySource(request.source);
  if (request.sources) sync.sources = request.sources.map(copySource);
  return { sync, initiatedBy, retry: request.retry ? clone(request.retry) : {} };
}

function selected(ref: ResourceRef, filter?: Array<Partial<ResourceRef>>): boolean {
  return !filter?.length || filter.some(f => sameResource(ref, f));
}

/** operationState.syncResult of a finished sync. */
export function syncResult(
  record: AppRecord,
  request: SyncRequestOptions,
  outcome: { failed?: ResourceRef; pruned: boolean; message?: string },
): JsonObject {
  const model = record.model;
  const resources: JsonObject[] = [];
  for (const ref of allResources(model)) {
    if (!selected(ref, request.resources)) continue;
    const isOrphan =
      model.orphan && sameResource(model.orphan, ref) && !model.resources.some(r => sameResource(r, ref));
    const lower = `${ref.kind.toLowerCase()}${ref.group ? `.${ref.group}` : ''}/${ref.name}`;
    let status = 'Synced';
    let message = `${lower} configured`;
    if (isOrphan) {
      status = outcome.pruned ? 'Pruned' : 'PruneSkipped';
      message = outcome.pruned ? 'pruned' : 'ignored (requires pruning)';
    } else if (outcome.failed && sameResource(outcome.failed, ref)) {
      status = 'SyncFailed';
      message = outcome.message ?? `${lower} failed to apply`;
    } else if (!['Deployment', 'StatefulSet', 'Rollout', 'ConfigMap'].includes(ref.kind)) {
      message = `${lower} unchanged`;
    }
    resources.push({
      group: ref.group,
      version: ref.version,
      kind: ref.kind,
      namespace: ref.namespace ?? '',
      name: ref.name,
      status,
      message,
      hookPhase: 'Running',
      syncPhase: 'Sync',
      ...(ref.kind === 'Deployment' || ref.kind === 'Rollout'
        ? { images: record.app.status?.summary?.images ?? [] }
        : {}),
    });
  }
  const sources = sourcesAt(record, request.revision);
  // The CRD requires syncResult.revision; multi-source apps leave it empty.
  return { resources, revision: '', ...sources };
}
