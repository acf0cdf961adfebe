import { ApiError, GrpcCode } from '../http/ApiError';
import { uuidFrom } from '../util/hash';
import { JsonObject, clone, jsonEqual } from '../util/json';
import { isoSeconds } from '../util/time';
import { AgentStore } from './AgentStore';
import { GenerationResult, generateApplications } from './appSetGenerators';
import { createTemplateApplication } from './applicationFactory';
import { applyIgnoreApplicationDifferences } from './appSet/ignoreDifferences';
import { applicationInvalidError } from './appSet/k8sValidation';
import { admitApplicationSet, invalidMessage } from './appSet/crdValidation';
import { ServerCheckEnv, checkCreate, checkGenerate } from './appSet/serverChecks';
import { Operations } from './operations';
import { RollingSync, disableAutoSync } from './appSet/rollingSync';
import { AppSetRecord } from './types';

const RESOURCES_FINALIZER = 'resources-finalizer.argocd.argoproj.io';

/** applicationsSync: what the controller may do to the Applications it generated. */
function syncPolicy(appSet: JsonObject) {
  const policy = appSet.spec?.syncPolicy?.applicationsSync ?? 'sync';
  return {
    mayUpdate: policy === 'sync' || policy === 'create-update',
    mayDelete: policy === 'sync' || policy === 'create-delete',
  };
}

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

type ConditionFailure = { message: string; reason: string; parametersGenerated: boolean };

/** setApplicationSetStatusCondition: the three conditions Argo CD's controller keeps. */
export function appSetConditions(now: number, failure?: ConditionFailure): JsonObject[] {
  const at = isoSeconds(now);
  const generated = 'Successfully generated parameters for all Applications';
  if (!failure) {
    return [
      { type: 'ErrorOccurred', status: 'False', reason: 'ApplicationSetUpToDate', message: generated, lastTransitionTime: at },
      { type: 'ParametersGenerated', status: 'True', reason: 'ParametersGenerated', message: generated, lastTransitionTime: at },
      { type: 'ResourcesUpToDate', status: 'True', reason: 'ApplicationSetUpToDate', message: 'All applications have been generated successfully', lastTransitionTime: at },
    ];
  }
  return [
    { type: 'ErrorOccurred', status: 'True', reason: failure.reason, message: failure.message, lastTransitionTime: at },
    failure.parametersGenerated
      ? { type: 'ParametersGenerated', status: 'True', reason: 'ParametersGenerated', message: generated, lastTransitionTime: at }
      : { type: 'ParametersGenerated', status: 'False', reason: 'ErrorOccurred', message: failure.message, lastTransitionTime: at },
    { type: 'ResourcesUpToDate', status: 'False', reason: failure.reason, message: failure.message, lastTransitionTime: at },
  ];
}

/**
 * The ApplicationSet controller: runs generators, creates, updates and
 * deletes the generated Applications, and keeps the ApplicationSet status.
 */
export class ApplicationSets {
  private readonly rollingSync: RollingSync;

  constructor(private readonly store: AgentStore, private readonly operations: Operations) {
    this.rollingSync = new RollingSync(store, {
      owned: record => this.ownedApps(record),
      sync: record => this.operations.sync(record, {}, { username: 'applicationset-controller', automated: true }),
    });
  }

  private serverEnv(): ServerCheckEnv {
    return {
      namespace: this.store.config.namespace,
      applicationSetNamespaces: this.store.appSetEnv.applicationSetNamespaces,
      projectExists: name => this.store.projects.has(name),
    };
  }

  private generatorContext() {
    return { ...this.store.appSetEnv, git: this.store.git, clusters: this.store.clusters };
  }

  /** The Applications a set generates, as the API returns them (ownerReferences set). */
  private desired(record: AppSetRecord): GenerationResult {
    const result = generateApplications(record.appSet, this.generatorContext());
    disableAutoSync(record.appSet, result.applications);
    for (const app of result.applications) {
      app.metadata.namespace ||= this.store.config.namespace;
      app.metadata.ownerReferences = [
        {
          apiVersion: 'argoproj.io/v1alpha1',
          kind: 'ApplicationSet',
          name: record.appSet.metadata?.name,
          uid: record.appSet.metadata?.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ];
    }
    return result;
  }

  /** validateGeneratedApplications: duplicate names, unknown projects, unknown destination clusters. */
  private validate(record: AppSetRecord, apps: JsonObject[]): Map<number, string> {
    const errors = new Map<number, string>();
    const names = new Set<string>();
    apps.forEach((app, i) => {
      const name = app.metadata?.name;
      if (names.has(name)) {
        errors.set(i, `ApplicationSet ${record.appSet.metadata?.name} contains applications with duplicate name: ${name}`);
        return;
      }
      names.add(name);
      const project = app.spec?.project || 'default';
      if (!this.store.projects.has(project)) {
        errors.set(i, `application references project ${project} which does not exist`);
        return;
      }
      const dest = app.spec?.destination ?? {};
      if (dest.name && !this.store.clusters.some(c => c.name === dest.name)) {
        errors.set(i, `application destination spec is invalid: unable to find destination server: there are no clusters with this name: ${dest.name}`);
      }
    });
    return errors;
  }

  /** POST /api/v1/applicationsets/generate: the Applications it would create. */
  preview(appSet: JsonObject): JsonObject[] {
    checkGenerate(appSet, this.serverEnv());
    return this.generated(appSet);
  }

  private generated(appSet: JsonObject): JsonObject[] {
    const record = appSetRecord(this.store.seed, this.store.config.id, this.store.config.namespace, appSet, this.store.now());
    const result = this.desired(record);
    if (result.error) {
      // A plain error in Argo CD's server: gRPC Unknown, HTTP 500.
      throw new ApiError(GrpcCode.Unknown, `unable to generate Applications of ApplicationSet: error generating applications: ${result.error}`);
    }
    return result.applications;
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
   * One reconcile of the ApplicationSet controller. Applications the
   * scenario starts with are `deployed` (Synced and Healthy). Literal
   * Applications of the same name that the set does not own are left alone.
   */
  materialize(record: AppSetRecord, options: { deployed: boolean }): string | undefined {
    const now = this.store.now();
    const result = this.desired(record);
    record.appSet.status ??= {};
    if (result.error) {
      record.appSet.status.conditions = appSetConditions(now, {
        message: result.error,
        reason: result.reason ?? 'ApplicationParamsGenerationError',
        parametersGenerated: false,
      });
      this.refreshStatus(record);
      return result.error;
    }
    const errors = this.validate(record, result.applications);
    const valid = result.applications.filter((_, i) => !errors.has(i));
    const { mayUpdate, mayDelete } = syncPolicy(record.appSet);
    const createError = this.createOrUpdate(record, valid, mayUpdate, options);
    if (createError) {
      // createOrUpdateInCluster failed: the reconcile ends before deletion.
      record.appSet.status.conditions = appSetConditions(now, {
        message: createError,
        reason: mayUpdate ? 'UpdateApplicationError' : 'CreateApplicationError',
        parametersGenerated: true,
      });
      this.refreshStatus(record);
      return createError;
    }
    if (mayDelete && !options.deployed) {
      const names = new Set(result.applications.map(g => g.metadata.name));
      for (const app of this.ownedApps(record)) {
        if (!names.has(app.app.metadata.name)) this.store.deleteApp(app);
      }
    }
    const messages = [...errors.values()];
    record.appSet.status.conditions = appSetConditions(
      now,
      messages.length
        ? {
            message: messages.length > 1 ? `${messages[messages.length - 1]} (and ${messages.length - 1} more)` : messages[0],
            reason: 'ApplicationValidationError',
            parametersGenerated: true,
          }
        : undefined,
    );
    this.refreshStatus(record);
    this.rollingSync.reconcile(record);
    return messages[0];
  }

  /**
   * createOrUpdateInCluster (createInCluster under create-only): creates the
   * new Applications and updates owned ones, each checked by the API
   * server; the first failure is returned after all were tried.
   */
  private createOrUpdate(record: AppSetRecord, apps: JsonObject[], mayUpdate: boolean, options: { deployed: boolean }) {
    const ctx = this.store.factoryContext();
    let firstError: string | undefined;
    for (const skeleton of apps) {
      const key = `${skeleton.metadata.namespace}/${skeleton.metadata.name}`;
      const existing = this.store.apps.get(key);
      if (existing && (!this.owns(record, existing.app) || !mayUpdate)) continue;
      const desired = existing
        ? applyIgnoreApplicationDifferences(skeleton, existing.app, record.appSet.spec?.ignoreApplicationDifferences)
        : skeleton;
      const invalid = applicationInvalidError(desired);
      if (invalid) {
        firstError ??= invalid;
        continue;
      }
      if (!existing) {
        const app = createTemplateApplication(ctx, desired, options);
        this.store.addApp(app);
        if (!options.deployed) this.operations.maybeAutoSync(app);
        continue;
      }
      if (
        jsonEqual(existing.app.spec, desired.spec) &&
        jsonEqual(existing.app.metadata.labels ?? {}, desired.metadata.labels ?? {}) &&
        jsonEqual(existing.app.metadata.annotations ?? {}, desired.metadata.annotations ?? {})
      ) {
        continue;
      }
      existing.app.spec = desired.spec;
      existing.app.metadata.labels = desired.metadata.labels;
      existing.app.metadata.annotations = desired.metadata.annotations;
      this.operations.refresh(existing, false);
    }
    return firstError;
  }

  private owns(record: AppSetRecord, app: JsonObject) {
    return (app.metadata?.ownerReferences ?? []).some(
      (o: JsonObject) => o.kind === 'ApplicationSet' && o.name === record.appSet.metadata.name,
    );
  }

  /** POST /api/v1/applicationsets?upsert=&dryRun= */
  /**
   * Reconciles every set again, as the controller does on its requeue or
   * on a git host's webhook: a pull request opened or closed shows at once.
   */
  requeueAll(): number {
    let count = 0;
    for (const record of this.store.appSets.values()) {
      this.materialize(record, { deployed: false });
      this.store.appSetChanged(record, 'MODIFIED');
      count += 1;
    }
    return count;
  }

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
    checkCreate(candidate.appSet, this.serverEnv());
    const existing = this.store.appSets.get(candidate.key);
    if (options.dryRun) {
      const apps = this.generated(candidate.appSet);
      // BuildResourceStatus keys the statuses by Application name.
      const byName = new Map(apps.map(a => [a.metadata.name, a] as const));
      candidate.appSet.status = {
        resources: [...byName.values()].map(a => ({
          group: 'argoproj.io',
          version: 'v1alpha1',
          kind: 'Application',
          namespace: a.metadata.namespace,
          name: a.metadata.name,
        })),
      };
      return candidate.appSet;
    }
    // Stored through the Kubernetes API server: pruned and validated by the CRD.
    const admitted = admitApplicationSet(appSet);
    if (admitted.errors.length) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `error creating ApplicationSet: ${invalidMessage(appSet.metadata.name, admitted.errors)}`,
      );
    }
    const stored = appSetRecord(
      this.store.seed,
      this.store.config.id,
      this.store.config.namespace,
      admitted.object,
      this.store.now(),
    );
    if (appSet.metadata?.resourceVersion) {
      // The Kubernetes API server refuses to create an object that carries a
      // resourceVersion (a 500 from its storage), before it looks for an
      // existing one; Argo CD's server passes the error on.
      throw new ApiError(GrpcCode.Unknown, 'error creating ApplicationSet: resourceVersion should not be set on objects to be created');
    }
    if (existing && !options.upsert) {
      if (jsonEqual(existing.appSet.spec, stored.appSet.spec)) return this.refreshStatus(existing);
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'existing ApplicationSet spec is different, use upsert flag to force update',
      );
    }
    let record = stored;
    if (existing) {
      existing.appSet.spec = stored.appSet.spec;
      existing.appSet.metadata.labels = stored.appSet.metadata.labels;
      existing.appSet.metadata.annotations = stored.appSet.metadata.annotations;
      existing.appSet.metadata.generation = Number(existing.appSet.metadata.generation ?? 1) + 1;
      record = existing;
    } else {
      this.store.appSets.set(record.key, record);
    }
    this.materialize(record, { deployed: false });
    this.store.appSetChanged(record, existing ? 'MODIFIED' : 'ADDED');
    return record.appSet;
  }

  /**
   * DELETE /api/v1/applicationsets/{name}: Kubernetes garbage-collects the
   * Applications the set owns (ownerReferences). With
   * preserveResourcesOnDeletion they carry no resources finalizer, so their
   * cluster resources stay; the sandbox models no cluster beyond the
   * Applications. A set that carries the resources finalizer is seen by its
   * controller first: when its applicationsSync policy forbids deletion,
   * the controller removes the owner references and the Applications stay.
   */
  delete(record: AppSetRecord) {
    const finalizers: string[] = record.appSet.metadata?.finalizers ?? [];
    const orphan = finalizers.includes(RESOURCES_FINALIZER) && !syncPolicy(record.appSet).mayDelete;
    for (const app of this.ownedApps(record)) {
      if (!orphan) {
        this.store.deleteApp(app);
        continue;
      }
      app.app.metadata.ownerReferences = (app.app.metadata.ownerReferences ?? []).filter(
        (o: JsonObject) => !(o.kind === 'ApplicationSet' && o.name === record.appSet.metadata.name),
      );
      this.store.changed(app);
    }
    this.store.appSets.delete(record.key);
    this.store.appSetChanged(record, 'DELETED');
  }
}
