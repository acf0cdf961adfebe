import { JsonObject } from '../util/json';
import { isoSeconds } from '../util/time';
import { hydratorSyncSource } from './sourceHydrator';
import { RenderContext, allResources, changesWithRevision, imageTagFor, ingressHost, sameResource } from './manifests';
import { healthOf, liveImages } from './resourceTree';
import { AppModel, AppRecord, ResourceRef } from './types';

/**
 * Is the resource out of sync with git? Cheap: no manifests rendered. As
 * Argo CD decides it, by content: a resource the revision shapes (its
 * image tag, see `changesWithRevision`) is out of sync where git and the
 * cluster are at revisions that render different tags, not merely at
 * different commits (a commit to another overlay changes nothing here).
 */
export function resourceOutOfSync(ctx: RenderContext, model: AppModel, ref: ResourceRef): boolean {
  if (model.missing) return true;
  if (model.orphan && sameResource(model.orphan, ref) && !model.resources.some(r => sameResource(r, ref))) {
    return true;
  }
  if (model.drift.some(d => sameResource(d.resource, ref))) return true;
  return (
    model.desiredRevision !== model.liveRevision &&
    changesWithRevision(ref) &&
    imageTagFor(ctx, model, model.desiredRevision) !== imageTagFor(ctx, model, model.liveRevision)
  );
}

export function isOutOfSync(ctx: RenderContext, model: AppModel): boolean {
  return allResources(model).some(ref => resourceOutOfSync(ctx, model, ref));
}

/** spec.source, spec.sources[] or the hydrator's sync source, whichever the app uses. */
export function appSources(app: JsonObject): JsonObject[] {
  if (Array.isArray(app.spec?.sources) && app.spec.sources.length) return app.spec.sources;
  if (app.spec?.source) return [app.spec.source];
  const synced = hydratorSyncSource(app);
  return synced ? [synced] : [];
}

export function isMultiSource(app: JsonObject): boolean {
  return Array.isArray(app.spec?.sources) && app.spec.sources.length > 0;
}

/** The revisions of every source for a git revision of the primary repo. */
export function revisionsFor(record: AppRecord, gitRevision: string): string[] {
  const chart = record.model.source.chart;
  return appSources(record.app).map(source =>
    chart && source.chart === chart.name ? source.targetRevision ?? chart.version : gitRevision,
  );
}

export interface StatusOptions {
  inlineHealth: boolean;
  now: number;
}

/**
 * Recomputes the parts of status.* the controller derives from the model:
 * sync (status, revision, comparedTo), resources, health, summary,
 * reconciledAt. History and operationState are left to the operations.
 */
export function computeStatus(ctx: RenderContext, record: AppRecord, options: StatusOptions) {
  const app = record.app;
  const model = record.model;
  const status: JsonObject = (app.status ??= {});
  const refs = allResources(model);
  const resources = refs.map(ref => {
    const entry: JsonObject = {
      group: ref.group || undefined,
      version: ref.version,
      kind: ref.kind,
      namespace: ref.namespace,
      name: ref.name,
      status: resourceOutOfSync(ctx, model, ref) ? 'OutOfSync' : 'Synced',
    };
    if (!entry.group) delete entry.group;
    if (options.inlineHealth) {
      const health = healthOf(model, ref);
      if (health) entry.health = health;
    }
    if (model.orphan && sameResource(model.orphan, ref) && !model.resources.some(r => sameResource(r, ref))) {
      entry.requiresPruning = true;
    }
    return entry;
  });
  const outOfSync = resources.some(r => r.status === 'OutOfSync');
  const sync: JsonObject = {
    status: outOfSync ? 'OutOfSync' : 'Synced',
    // Shared with spec (never mutated in place; see operationRecords.ts).
    comparedTo: {
      destination: app.spec?.destination ?? {},
      ...(isMultiSource(app) ? { sources: app.spec.sources } : { source: appSources(app)[0] ?? {} }),
    },
  };
  if (isMultiSource(app)) sync.revisions = revisionsFor(record, model.desiredRevision);
  else sync.revision = model.desiredRevision;
  status.sync = sync;
  status.resources = resources;
  const healthCode = model.missing ? 'Missing' : model.health;
  if (status.health?.status !== healthCode) {
    status.health = { status: healthCode, lastTransitionTime: isoSeconds(options.now) };
  }
  status.summary = {
    ...(status.summary ?? {}),
    images: liveImages(ctx, record),
  };
  if (model.resources.some(r => r.kind === 'Ingress') && !model.missing) {
    status.summary.externalURLs = [`https://${ingressHost(model)}/`];
  }
  status.reconciledAt = isoSeconds(options.now);
  if (options.inlineHealth) delete status.resourceHealthSource;
  else status.resourceHealthSource = 'appTree';
}
