import { ApiError, GrpcCode } from '../http/ApiError';
import { uuidFrom } from '../util/hash';
import { JsonObject, clone, jsonEqual } from '../util/json';
import { isoSeconds } from '../util/time';
import { AgentStore } from './AgentStore';
import { GeneratorError, generateApplications } from './appSetGenerators';
import { createTemplateApplication } from './applicationFactory';
import { Operations } from './operations';
import { AppSetRecord } from './types';

/** A stored ApplicationSet record for an object (metadata filled in). */
export function appSetRecord(
  seed: string,
  agentId: string,
  namespace: string,
  appSet: JsonObject,
  now: number,
): AppSetRecord {
  const object = clone(appSet);
  delete object.apiVersion;
  delete object.kind;
  object.metadata ??= {};
  object.metadata.namespace ??= namespace;
  object.metadata.uid ??= uuidFrom(seed, agentId, 'appset', object.metadata.namespace, object.metadata.name);
  object.metadata.creationTimestamp ??= isoSeconds(now);
  object.metadata.generation ??= 1;
  return {
    key: `${object.metadata.namespace}/${object.metadata.name}`,
    appSet: object,
    uuid: uuidFrom(seed, agentId, 'harness-appset', object.metadata.namespace, object.metadata.name),
  };
}

function conditions(now: number, error?: string): JsonObject[] {
  const at = isoSeconds(now);
  if (error) {
    return [
      { type: 'ErrorOccurred', status: 'True', reason: 'ApplicationGenerationFromParamsError', message: error, lastTransitionTime: at },
      { type: 'ParametersGenerated', status: 'False', reason: 'ErrorOccurred', message: error, lastTransitionTime: at },
      { type: 'ResourcesUpToDate', status: 'False', reason: 'ErrorOccurred', message: error, lastTransitionTime: at },
    ];
  }
  const ok = 'All applications have been generated successfully';
  return [
    { type: 'ErrorOccurred', status: 'False', reason: 'ApplicationSetUpToDate', message: ok, lastTransitionTime: at },
    { type: 'ParametersGenerated', status: 'True', reason: 'ParametersGenerated', message: 'Successfully generated parameters for all Applications', lastTransitionTime: at },
    { type: 'ResourcesUpToDate', status: 'True', reason: 'ApplicationSetUpToDate', message: ok, lastTransitionTime: at },
  ];
}

/**
 * The ApplicationSet controller: runs generators, creates, updates and
 * deletes the generated Applications, and keeps the ApplicationSet status.
 */
export class ApplicationSets {
  constructor(private readonly store: AgentStore, private readonly operations: Operations) {}

  private generatorContext() {
    return { git: this.store.git, clusters: this.store.clusters };
  }

  /** POST /api/v1/applicationsets/generate: the Applications it would create. */
  preview(appSet: JsonObject): JsonObject[] {
    const record = appSetRecord(this.store.seed, this.store.config.id, this.store.config.namespace, appSet, this.store.now());
    try {
      return generateApplications(record.appSet, this.generatorContext()).map(app => {
        app.metadata.namespace ??= this.store.config.namespace;
        return app;
      });
    } catch (error) {
      if (error instanceof GeneratorError) throw new ApiError(GrpcCode.InvalidArgument, error.message);
      throw error;
    }
  }

  /** The owned applications' state, for status.resources. */
  refreshStatus(record: AppSetRecord) {
    const owned = this.ownedApps(record);
    record.appSet.status ??= {};
    record.appSet.status.resources = owned.map(app => ({
      group: 'argoproj.io',
      version: 'v1alpha1',
      kind: 'Application',
      namespace: app.app.metadata.namespace,
      name: app.app.metadata.name,
      status: app.app.status?.sync?.status ?? 'Unknown',
      health: {
        status: app.app.status?.health?.status ?? 'Unknown',
        ...(app.app.status?.health?.lastTransitionTime
          ? { lastTransitionTime: app.app.status.health.lastTransitionTime }
          : {}),
      },
    }));
    record.appSet.status.resourcesCount = owned.length;
    return record.appSet;
  }

  ownedApps(record: AppSetRecord) {
    return [...this.store.apps.values()].filter(app =>
      (app.app.metadata?.ownerReferences ?? []).some(
        (o: JsonObject) => o.kind === 'ApplicationSet' && o.name === record.appSet.metadata.name,
      ),
    );
  }

  /**
   * Creates the Applications of an ApplicationSet the scenario starts with
   * (deployed, Synced and Healthy). Literal Applications of the same name win.
   */
  materialize(record: AppSetRecord, options: { deployed: boolean }): string | undefined {
    let generated: JsonObject[];
    try {
      generated = generateApplications(record.appSet, this.generatorContext());
    } catch (error) {
      const message = (error as Error).message;
      record.appSet.status = { ...(record.appSet.status ?? {}), conditions: conditions(this.store.now(), message) };
      return message;
    }
    const ctx = this.store.factoryContext();
    for (const skeleton of generated) {
      const key = `${skeleton.metadata.namespace ?? this.store.config.namespace}/${skeleton.metadata.name}`;
      const existing = this.store.apps.get(key);
      if (existing) {
        const owned = (existing.app.metadata?.ownerReferences ?? []).some(
          (o: JsonObject) => o.kind === 'ApplicationSet' && o.name === record.appSet.metadata.name,
        );
        if (!owned) continue;
        if (
          jsonEqual(existing.app.spec, skeleton.spec) &&
          jsonEqual(existing.app.metadata.labels ?? {}, skeleton.metadata.labels ?? {})
        ) {
          continue;
        }
        existing.app.spec = skeleton.spec;
        existing.app.metadata.labels = skeleton.metadata.labels;
        this.operations.refresh(existing, false);
        continue;
      }
      const app = createTemplateApplication(ctx, skeleton, options);
      this.store.addApp(app);
      if (!options.deployed) this.operations.maybeAutoSync(app);
    }
    const policy = record.appSet.spec?.syncPolicy?.applicationsSync;
    const mayDelete = !policy || policy === 'sync' || policy === 'create-delete';
    if (mayDelete && !options.deployed) {
      const names = new Set(generated.map(g => g.metadata.name));
      for (const app of this.ownedApps(record)) {
        if (!names.has(app.app.metadata.name)) this.store.deleteApp(app);
      }
    }
    record.appSet.status = {
      ...(record.appSet.status ?? {}),
      conditions: conditions(this.store.now()),
    };
    this.refreshStatus(record);
    return undefined;
  }

  /** POST /api/v1/applicationsets?upsert=&dryRun= */
  create(appSet: JsonObject, options: { upsert: boolean; dryRun: boolean }): JsonObject {
    if (!appSet?.metadata?.name) {
      throw new ApiError(GrpcCode.InvalidArgument, 'ApplicationSet metadata.name is required');
    }
    const candidate = appSetRecord(
      this.store.seed,
      this.store.config.id,
      this.store.config.namespace,
      appSet,
      this.store.now(),
    );
    const existing = this.store.appSets.get(candidate.key);
    if (options.dryRun) {
      const apps = this.preview(candidate.appSet);
      candidate.appSet.status = {
        resources: apps.map(a => ({
          group: 'argoproj.io',
          version: 'v1alpha1',
          kind: 'Application',
          namespace: a.metadata.namespace,
          name: a.metadata.name,
        })),
      };
      return candidate.appSet;
    }
    if (existing && !options.upsert) {
      if (jsonEqual(existing.appSet.spec, candidate.appSet.spec)) return this.refreshStatus(existing);
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'existing ApplicationSet spec is different, use upsert flag to force update',
      );
    }
    // Validate the generators before storing anything.
    this.preview(candidate.appSet);
    let record = candidate;
    if (existing) {
      existing.appSet.spec = candidate.appSet.spec;
      existing.appSet.metadata.labels = candidate.appSet.metadata.labels;
      existing.appSet.metadata.annotations = candidate.appSet.metadata.annotations;
      existing.appSet.metadata.generation = Number(existing.appSet.metadata.generation ?? 1) + 1;
      record = existing;
    } else {
      this.store.appSets.set(record.key, record);
    }
    this.materialize(record, { deployed: false });
    this.store.appSetChanged(record, existing ? 'MODIFIED' : 'ADDED');
    return record.appSet;
  }

  /** DELETE /api/v1/applicationsets/{name}: the ApplicationSet and the apps it owns. */
  delete(record: AppSetRecord) {
    const preserve = record.appSet.spec?.syncPolicy?.preserveResourcesOnDeletion;
    if (!preserve) for (const app of this.ownedApps(record)) this.store.deleteApp(app);
    this.store.appSets.delete(record.key);
    this.store.appSetChanged(record, 'DELETED');
  }
}
