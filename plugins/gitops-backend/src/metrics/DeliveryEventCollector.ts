import { LoggerService } from '@backstage/backend-plugin-api';
import {
  AgentError,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';
import { toAgentError } from '../aggregation/fanOut';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { DeliveryEventStore } from './DeliveryEventStore';
import {
  appIdentity,
  newDeployments,
  syncFailure,
  unhealthyHealth,
} from './extractDeliveryEvents';
import { DeploymentEvent } from './types';

/** Options of {@link DeliveryEventCollector.collect}. */
export interface CollectOptions {
  /** At most this many revision metadata calls (commit dates for lead time). */
  metadataBudget: number;
  signal?: AbortSignal;
}

/** How old what was recorded of an application may be before a view refreshes it. */
export const DEFAULT_RECORDED_MAX_AGE_MS = 60_000;

/** Options of {@link DeliveryEventCollector.ensureRecorded}. */
export interface EnsureRecordedOptions extends CollectOptions {
  /**
   * Recorded longer ago than this, an application is read again (in the
   * background); {@link DEFAULT_RECORDED_MAX_AGE_MS} when absent.
   */
  maxAgeMs?: number;
}

/** What a collection found. */
export interface CollectResult {
  /** The applications, read in full (with history and operation state). */
  applications: GitOpsApplication[];
  deployments: number;
  failures: number;
  commitDates: number;
  errors: AgentError[];
}

const CONCURRENCY = 4;

async function eachLimited<T>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(item);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
}

/**
 * Records what delivery metrics need, incrementally: reads each application
 * in full from its agent (history and operation state are not in the lean
 * lists), stores history entries not seen before, failed syncs and health
 * transitions, then fills commit dates from revision metadata.
 */
export class DeliveryEventCollector {
  /** When this replica last recorded each application (ms, by app key). */
  private readonly recordedAt = new Map<string, number>();
  /** Applications a background refresh is reading now. */
  private readonly refreshing = new Set<string>();

  constructor(
    private readonly registry: ProviderRegistry,
    private readonly store: DeliveryEventStore,
    private readonly logger: LoggerService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Makes sure what a page shows of `apps` is recorded, without making the
   * page read every application in full each time: applications this
   * replica never recorded, or that changed since (see `forget`), are read
   * now (awaited: a view pays once per change),
   * those recorded more than `maxAgeMs` ago are read again in the
   * background (the next view, or a signal, shows it), the rest not at all.
   * Resolves with what the awaited part found.
   */
  async ensureRecorded(
    apps: GitOpsApplication[],
    options: EnsureRecordedOptions,
  ): Promise<Omit<CollectResult, 'applications'>> {
    const now = this.clock().getTime();
    const never: GitOpsApplication[] = [];
    const stale: GitOpsApplication[] = [];
    for (const app of apps) {
      const at = this.recordedAt.get(app.key);
      if (at === undefined) never.push(app);
      else if (
        now - at > (options.maxAgeMs ?? DEFAULT_RECORDED_MAX_AGE_MS) &&
        !this.refreshing.has(app.key)
      ) {
        stale.push(app);
      }
    }
    if (stale.length) this.refreshInBackground(stale, options);
    if (!never.length) {
      return { deployments: 0, failures: 0, commitDates: 0, errors: [] };
    }
    const { applications: _read, ...found } = await this.collect(
      never,
      options,
    );
    return found;
  }

  /**
   * Applications that changed (the fleet state says so) are read again
   * before the next view of them answers, not only once they are old.
   */
  forget(appKeys: Iterable<string>): void {
    for (const key of appKeys) this.recordedAt.delete(key);
  }

  private refreshInBackground(
    apps: GitOpsApplication[],
    options: CollectOptions,
  ): void {
    for (const app of apps) this.refreshing.add(app.key);
    // not the page's signal: the page does not wait for this
    this.collect(apps, { metadataBudget: options.metadataBudget })
      .catch(error =>
        this.logger.warn(`Refreshing delivery events failed: ${error}`),
      )
      .finally(() => {
        for (const app of apps) this.refreshing.delete(app.key);
      });
  }

  async collect(
    apps: GitOpsApplication[],
    options: CollectOptions,
  ): Promise<CollectResult> {
    const errors = new Map<string, AgentError>();
    const full: GitOpsApplication[] = [];
    const recordedByApp = new Map<string, DeploymentEvent[]>();
    for (const d of await this.store.listDeployments(apps.map(a => a.key))) {
      const list = recordedByApp.get(d.appKey) ?? [];
      list.push(d);
      recordedByApp.set(d.appKey, list);
    }
    let deployments = 0;
    let failures = 0;
    const now = this.clock().toISOString();

    await eachLimited(apps, CONCURRENCY, async lean => {
      if (options.signal?.aborted || errors.has(lean.agentId)) return;
      let app: GitOpsApplication;
      try {
        app = await this.registry.get(lean.agentId).getApplication(
          {
            name: lean.name,
            namespace: lean.namespace,
            project: lean.project,
          },
          { signal: this.signal(lean.agentId, options.signal) },
        );
      } catch (error) {
        errors.set(lean.agentId, toAgentError(lean.agentId, error));
        return;
      }
      // the lean list resolved the environment and service the same way
      app = { ...app, environment: lean.environment, service: lean.service };
      full.push(app);
      const added = newDeployments(app, recordedByApp.get(app.key) ?? []);
      if (added.length) await this.store.addDeployments(added);
      deployments += added.length;
      const failure = syncFailure(app);
      if (failure && (await this.store.addSyncFailure(failure))) failures += 1;
      await this.store.observeHealth(
        appIdentity(app),
        unhealthyHealth(app) ?? app.health.status,
        now,
      );
      this.recordedAt.set(app.key, Date.parse(now));
    });

    const commitDates = await this.fillCommitDates(full, options);
    return {
      applications: full,
      deployments,
      failures,
      commitDates,
      errors: [...errors.values()],
    };
  }

  private signal(agentId: string, outer?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(this.registry.timeoutMs(agentId));
    return outer ? AbortSignal.any([outer, timeout]) : timeout;
  }

  /** Asks revision metadata for commit dates, once per repository and revision. */
  private async fillCommitDates(
    apps: GitOpsApplication[],
    options: CollectOptions,
  ): Promise<number> {
    if (options.metadataBudget <= 0 || !apps.length) return 0;
    const byKey = new Map(apps.map(app => [app.key, app]));
    const pending = await this.store.deploymentsWithoutCommitDate(
      [...byKey.keys()],
      options.metadataBudget * 4,
    );
    const dates = new Map<string, Promise<string | undefined | null>>();
    let calls = 0;
    let filled = 0;
    const seen = new Set<string>();
    for (const deployment of pending) {
      const app = byKey.get(deployment.appKey);
      const pair = `${deployment.appKey}@${deployment.revision}`;
      if (!app || seen.has(pair)) continue;
      seen.add(pair);
      const commit = `${app.sources[0]?.repoURL ?? app.key}@${
        deployment.revision
      }`;
      if (!dates.has(commit)) {
        if (calls >= options.metadataBudget) continue;
        calls += 1;
        dates.set(
          commit,
          this.commitDate(app, deployment.revision, options.signal),
        );
      }
      const date = await dates.get(commit)!;
      // null: the agent could not answer now; try again next time
      if (date === null) continue;
      await this.store.setCommitDate(
        deployment.appKey,
        deployment.revision,
        date,
      );
      if (date) filled += 1;
    }
    return filled;
  }

  private async commitDate(
    app: GitOpsApplication,
    revision: string,
    signal?: AbortSignal,
  ): Promise<string | undefined | null> {
    try {
      const metadata = await this.registry
        .get(app.agentId)
        .getRevisionMetadata(
          { name: app.name, namespace: app.namespace, project: app.project },
          revision,
          { signal: this.signal(app.agentId, signal) },
        );
      return metadata.date && !Number.isNaN(Date.parse(metadata.date))
        ? new Date(metadata.date).toISOString()
        : undefined;
    } catch (error) {
      if (error instanceof GitOpsAgentError && error.status === 404) {
        return undefined;
      }
      this.logger.debug(
        `No commit date for ${app.key}@${revision}: ${
          toAgentError(app.agentId, error).message
        }`,
      );
      return null;
    }
  }
}
