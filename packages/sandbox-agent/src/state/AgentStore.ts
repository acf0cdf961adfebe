import { GitCatalog } from '../git/GitCatalog';
import { JsonObject } from '../util/json';
import { AgentConfig } from './AgentConfig';
import type { AppSetPluginSpec, ConfigMapSpec, DecisionResourceSpec } from '../scenario/appSetSchema';
import { FactoryContext } from './applicationFactory';
import { LabelRequirement, matchesRequirements } from './labelSelector';
import { normalizeRepoUrl } from '../git/GitCatalog';
import { appSources } from './applicationStatus';
import { RenderContext } from './manifests';
import { AppRecord, AppSetRecord, Caller, StoreEvent, WatchEventType } from './types';

/** Everything an agent holds, as built from the scenario. */
export interface AgentState {
  git: GitCatalog;
  apps: AppRecord[];
  appSets: AppSetRecord[];
  clusters: JsonObject[];
  repositories: JsonObject[];
  projects: JsonObject[];
  revisionMetadata: Record<string, JsonObject>;
  /** What the ApplicationSet controller reads besides clusters and git. */
  appSetEnv?: AppSetEnv;
  secrets: Set<string>;
}

/** ConfigMaps, decision resources and plugin answers of the agent's namespace. */
export interface AppSetEnv {
  /** Namespaces besides the control plane's where ApplicationSets are allowed. */
  applicationSetNamespaces: string[];
  configMaps: ConfigMapSpec[];
  decisionResources: DecisionResourceSpec[];
  appSetPlugins: AppSetPluginSpec[];
}

const EMPTY_APPSET_ENV: AppSetEnv = { applicationSetNamespaces: [], configMaps: [], decisionResources: [], appSetPlugins: [] };

function byName(a: AppRecord, b: AppRecord): number {
  const an = a.app.metadata?.name ?? '';
  const bn = b.app.metadata?.name ?? '';
  if (an !== bn) return an < bn ? -1 : 1;
  if (a.key < b.key) return -1;
  if (a.key > b.key) return 1;
  return 0;
}

/** Filters of an application list or watch. */
export interface AppQuery {
  name?: string;
  projects?: string[];
  selector?: LabelRequirement[];
  repo?: string;
  appNamespace?: string;
}

/**
 * The state of one agent: applications, ApplicationSets, clusters,
 * repositories and projects, with a resource version that grows on every
 * change and listeners for the watch streams.
 */
export class AgentStore {
  readonly config: AgentConfig;
  git!: GitCatalog;
  render!: RenderContext;
  apps = new Map<string, AppRecord>();
  appSets = new Map<string, AppSetRecord>();
  clusters: JsonObject[] = [];
  appSetEnv: AppSetEnv = EMPTY_APPSET_ENV;
  repositories: JsonObject[] = [];
  projects = new Map<string, JsonObject>();
  revisionMetadata: Record<string, JsonObject> = {};
  secrets = new Set<string>();
  /** Session tokens issued by POST /api/v1/session. */
  sessions = new Map<string, string>();
  private rv = 1000;
  private readonly listeners = new Set<(event: StoreEvent) => void>();

  constructor(config: AgentConfig, readonly seed: string, readonly now: () => number = Date.now) {
    this.config = config;
  }

  /** Replaces the content (initial load and reset); streams see the differences. */
  load(state: AgentState) {
    const previous = this.apps;
    const previousSets = this.appSets;
    for (const record of previous.values()) this.clearTimers(record);
    this.git = state.git;
    this.render = { git: state.git, maskSecretData: this.config.maskSecretData };
    this.apps = new Map(state.apps.map(r => [r.key, r]));
    this.appSets = new Map(state.appSets.map(r => [r.key, r]));
    this.clusters = state.clusters;
    this.appSetEnv = state.appSetEnv ?? EMPTY_APPSET_ENV;
    this.repositories = state.repositories;
    this.projects = new Map(state.projects.map(p => [p.metadata.name, p]));
    this.revisionMetadata = state.revisionMetadata;
    this.secrets = state.secrets;
    for (const record of this.apps.values()) this.stamp(record.app);
    for (const record of this.appSets.values()) this.stamp(record.appSet);
    if (previous.size || previousSets.size) {
      for (const [key, record] of previous) {
        if (!this.apps.has(key)) this.emit({ kind: 'application', type: 'DELETED', record });
      }
      for (const record of this.apps.values()) {
        this.emit({ kind: 'application', type: previous.has(record.key) ? 'MODIFIED' : 'ADDED', record });
      }
      for (const [key, record] of previousSets) {
        if (!this.appSets.has(key)) this.emit({ kind: 'applicationset', type: 'DELETED', record });
      }
      for (const record of this.appSets.values()) {
        this.emit({
          kind: 'applicationset',
          type: previousSets.has(record.key) ? 'MODIFIED' : 'ADDED',
          record,
        });
      }
    }
  }

  factoryContext(): FactoryContext {
    return {
      agentId: this.config.id,
      agentKind: this.config.kind,
      namespace: this.config.namespace,
      git: this.git,
      render: this.render,
      inlineHealth: this.config.inlineHealth,
      now: this.now(),
      seed: this.seed,
    };
  }

  resourceVersion(): string {
    return String(this.rv);
  }

  private stamp(object: JsonObject) {
    this.rv += 1;
    object.metadata ??= {};
    object.metadata.resourceVersion = String(this.rv);
  }

  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: StoreEvent) {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A broken stream must not break the store.
      }
    }
  }

  /** Records a change of an application and tells the streams. */
  changed(record: AppRecord, type: WatchEventType = 'MODIFIED') {
    record.json = undefined;
    // a deletion has a resource version of its own, as in Kubernetes, so a
    // watch resumed from an earlier version replays it
    this.stamp(record.app);
    if (record.model.literal && type === 'MODIFIED') record.model.touched = true;
    this.emit({ kind: 'application', type, record });
  }

  addApp(record: AppRecord) {
    this.apps.set(record.key, record);
    this.changed(record, 'ADDED');
  }

  deleteApp(record: AppRecord) {
    this.clearTimers(record);
    this.apps.delete(record.key);
    this.changed(record, 'DELETED');
  }

  appSetChanged(record: AppSetRecord, type: WatchEventType = 'MODIFIED') {
    this.stamp(record.appSet);
    this.emit({ kind: 'applicationset', type, record });
  }

  /** Finds an app by name in a namespace (default: the control-plane namespace). */
  findApp(name: string, appNamespace?: string): AppRecord | undefined {
    return this.apps.get(`${appNamespace || this.config.namespace}/${name}`);
  }

  findAppSet(name: string, namespace?: string): AppSetRecord | undefined {
    return this.appSets.get(`${namespace || this.config.namespace}/${name}`);
  }

  /** The app's JSON, cached until it changes. */
  serialize(record: AppRecord): string {
    if (record.json === undefined) record.json = JSON.stringify(record.app);
    return record.json;
  }

  /** May the caller see applications of this project (a user: may it get the project)? */
  canSee(caller: Caller, project: string | undefined): boolean {
    const p = project || 'default';
    if (caller.rbac) return caller.rbac('projects', 'get', p);
    if (caller.forbiddenProjects.includes(p)) return false;
    return !caller.projects || caller.projects.includes(p) || caller.projects.includes('*');
  }

  /**
   * The app as Argo CD's RBAC names it: `<project>/<name>`, or
   * `<project>/<namespace>/<name>` outside the control-plane namespace.
   */
  rbacName(record: AppRecord): string {
    const project = record.app.spec?.project || 'default';
    const namespace = record.app.metadata?.namespace;
    const name = record.app.metadata?.name;
    return namespace && namespace !== this.config.namespace ? `${project}/${namespace}/${name}` : `${project}/${name}`;
  }

  /** May the caller see this app (the RBAC policy's `applications, get` for a user)? */
  canSeeApp(caller: Caller, record: AppRecord): boolean {
    if (caller.rbac) return caller.rbac('applications', 'get', this.rbacName(record));
    return this.canSee(caller, record.app.spec?.project);
  }

    /** Does the app pass the list/watch filters? */
  matches(record: AppRecord, query: AppQuery): boolean {
    const app = record.app;
    if (query.name && app.metadata?.name !== query.name) return false;
    if (query.appNamespace && (app.metadata?.namespace ?? this.config.namespace) !== query.appNamespace) {
      return false;
    }
    if (query.projects?.length && !query.projects.includes(app.spec?.project || 'default')) return false;
    if (query.selector?.length && !matchesRequirements(query.selector, app.metadata?.labels)) return false;
    if (query.repo) {
      const wanted = normalizeRepoUrl(query.repo);
      if (!appSources(app).some(s => normalizeRepoUrl(String(s.repoURL ?? '')) === wanted)) return false;
    }
    return true;
  }

  /** The apps a caller may see that pass the filters, in name order. */
  listApps(caller: Caller, query: AppQuery): AppRecord[] {
    const out: AppRecord[] = [];
    for (const record of this.apps.values()) {
      if (!this.canSeeApp(caller, record)) continue;
      if (this.matches(record, query)) out.push(record);
    }
    return out.sort(byName);
  }

  clearTimers(record: AppRecord) {
    for (const timer of record.timers) clearTimeout(timer);
    record.timers.clear();
  }

  /** Runs fn after ms unless the app is reset or the sandbox closes. */
  schedule(record: AppRecord, ms: number, fn: () => void) {
    const timer = setTimeout(() => {
      record.timers.delete(timer);
      fn();
    }, ms);
    timer.unref?.();
    record.timers.add(timer);
  }

  close() {
    for (const record of this.apps.values()) this.clearTimers(record);
    this.listeners.clear();
  }
}
