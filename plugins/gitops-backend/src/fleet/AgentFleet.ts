import {
  applicationQueryTerms,
  applicationSetOf,
  countedHealthStatus,
  entityQueryTerms,
  countedSyncStatus,
  FleetCounts,
  GitOpsAgentStatus,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsCluster,
  GitOpsRepository,
  needsAttention,
} from '@gitops-suite/plugin-gitops-common';
import { sealLike } from '../scrubbing/scrubSecrets';
import { KeyIndex } from './KeyIndex';

/** The cluster server URL and name an application deploys to. */
const destinationClusters = (app: GitOpsApplication): string[] => [
  ...new Set(
    [app.destination?.server, app.destination?.name, app.clusterName].filter(
      (cluster): cluster is string => !!cluster,
    ),
  ),
];

/**
 * One agent's applications and ApplicationSets in memory, with the
 * secondary indexes reads use (the entity query terms of common's
 * `applicationQueryTerms`: service, name, ApplicationSet owner, label key,
 * label; environment, sync, health, needing attention) and counters kept
 * as applications change, so no read walks the whole agent.
 */
export class AgentFleet {
  readonly apps = new Map<string, GitOpsApplication>();
  readonly appSets = new Map<string, GitOpsApplicationSet>();
  /** Applications by the terms entity queries select them under. */
  readonly byQueryTerm = new KeyIndex();
  readonly byEnvironment = new KeyIndex();
  /**
   * Where each environment runs: `<environment>\n<cluster server or name>`
   * (see `servedEnvironments`).
   */
  readonly byEnvironmentCluster = new KeyIndex();
  readonly bySync = new KeyIndex();
  readonly byHealth = new KeyIndex();
  /** The applications that need attention, under the one term `attention`. */
  readonly byAttention = new KeyIndex();
  /** The fleet counters, kept by common's one counting rule. */
  readonly counts = new FleetCounts();
  /** ApplicationSet by the name of an application it generated. */
  private readonly generatedBy = new Map<string, string>();
  /** The set that lists an application, by its name (one function, not one per read). */
  private readonly listedBy = (name: string) => this.generatedBy.get(name);
  /** The copy of each application with its ApplicationSet owner set. */
  private readonly owned = new WeakMap<GitOpsApplication, GitOpsApplication>();
  /** Whether an application was added since `apps` was last put in key order. */
  private unordered = false;
  clusters: GitOpsCluster[] = [];
  repositories: GitOpsRepository[] = [];
  status?: GitOpsAgentStatus;

  constructor(readonly agentId: string) {}

  /** Adds or replaces an application; true when it changed. */
  upsert(app: GitOpsApplication): boolean {
    const before = this.apps.get(app.key);
    if (before) {
      if (JSON.stringify(before) === JSON.stringify(app)) return false;
      this.unindex(before);
    } else {
      // a new key goes to the end of the map: order it at the next read
      this.unordered = true;
    }
    this.apps.set(app.key, app);
    this.index(app);
    return true;
  }

  /** Removes an application; the removed one, if there was one. */
  remove(key: string): GitOpsApplication | undefined {
    const app = this.apps.get(key);
    if (!app) return undefined;
    this.unindex(app);
    this.apps.delete(key);
    return app;
  }

  /**
   * `apps` in the one stable order pages follow (by key): a map keeps the
   * place of a key that changes, so it is put in order again only after
   * an application was added, never for a change of one.
   */
  inKeyOrder(): ReadonlyMap<string, GitOpsApplication> {
    if (this.unordered) {
      const entries = [...this.apps.entries()].sort(([a], [b]) =>
        a < b ? -1 : 1,
      );
      this.apps.clear();
      for (const [key, app] of entries) this.apps.set(key, app);
      this.unordered = false;
    }
    return this.apps;
  }

  /**
   * Replaces every application: those that changed (new state) and those
   * that went (last state), both with their ApplicationSet owner.
   */
  replaceApplications(apps: GitOpsApplication[]): {
    changed: GitOpsApplication[];
    removed: GitOpsApplication[];
  } {
    const seen = new Set(apps.map(app => app.key));
    const removed: GitOpsApplication[] = [];
    for (const key of [...this.apps.keys()]) {
      if (!seen.has(key)) removed.push(this.withOwner(this.remove(key)!));
    }
    const changed = apps
      .filter(app => this.upsert(app))
      .map(app => this.withOwner(app));
    return { changed, removed };
  }

  /** Adds or replaces an ApplicationSet; true when it changed. */
  upsertApplicationSet(set: GitOpsApplicationSet): boolean {
    const before = this.appSets.get(set.name);
    const changed = JSON.stringify(before) !== JSON.stringify(set);
    this.removeApplicationSet(set.name);
    this.appSets.set(set.name, set);
    for (const name of set.applications) this.generatedBy.set(name, set.name);
    return changed;
  }

  removeApplicationSet(name: string): void {
    const set = this.appSets.get(name);
    if (!set) return;
    this.appSets.delete(name);
    for (const app of set.applications) {
      if (this.generatedBy.get(app) === name) this.generatedBy.delete(app);
    }
  }

  /** Replaces every ApplicationSet; the names of those that changed or went. */
  replaceApplicationSets(sets: GitOpsApplicationSet[]): string[] {
    const before = new Map(this.appSets);
    this.appSets.clear();
    this.generatedBy.clear();
    const changed = sets
      .filter(set => {
        const was = before.get(set.name);
        before.delete(set.name);
        this.upsertApplicationSet(set);
        return JSON.stringify(was) !== JSON.stringify(set);
      })
      .map(set => set.name);
    return [...changed, ...before.keys()];
  }

  /**
   * The applications the named ApplicationSets generated, with their
   * owner: what a page showing them re-reads when a set changes.
   */
  generatedApplications(setNames: string[]): GitOpsApplication[] {
    if (!setNames.length) return [];
    return [...this.generatedKeys(setNames)].flatMap(key => {
      const app = this.apps.get(key);
      return app ? [this.withOwner(app)] : [];
    });
  }

  /**
   * The application with the ApplicationSet that generated it, by common's
   * one rule (`applicationSetOf`).
   */
  withOwner(app: GitOpsApplication): GitOpsApplication {
    const set = applicationSetOf(app, this.listedBy);
    if (!set || set === app.applicationSet) return app;
    // one copy per application and owner, kept while the application is
    // (its answers reuse it, and what was written of it)
    const kept = this.owned.get(app);
    if (kept?.applicationSet === set) return kept;
    const owned = sealLike({ ...app, applicationSet: set }, app);
    this.owned.set(app, owned);
    return owned;
  }

  /** Keys of the applications the named ApplicationSets generated. */
  generatedKeys(setNames: string[]): Set<string> {
    const terms = entityQueryTerms({
      services: [],
      applications: setNames.flatMap(
        set =>
          this.appSets.get(set)?.applications.map(name => ({ name })) ?? [],
      ),
      applicationSets: setNames,
    });
    return this.byQueryTerm.union(terms?.any ?? []);
  }

  private index(app: GitOpsApplication): void {
    this.track(app, (index, term) => index.add(term, app.key), 1);
  }

  private unindex(app: GitOpsApplication): void {
    this.track(app, (index, term) => index.remove(term, app.key), -1);
  }

  private track(
    app: GitOpsApplication,
    apply: (index: KeyIndex, term: string) => void,
    delta: 1 | -1,
  ): void {
    for (const term of applicationQueryTerms(app)) {
      apply(this.byQueryTerm, term);
    }
    apply(this.byEnvironment, app.environment);
    for (const cluster of destinationClusters(app)) {
      apply(this.byEnvironmentCluster, `${app.environment}\n${cluster}`);
    }
    apply(this.bySync, countedSyncStatus(app.sync.status));
    apply(this.byHealth, countedHealthStatus(app.health.status));
    if (needsAttention(app)) apply(this.byAttention, 'attention');
    this.counts.count(app, delta);
  }
}
