import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef } from '@backstage/catalog-model';
import type {
  AgentError,
  GitOpsApplicationSet,
  SyncWindow,
} from '@gitops-suite/plugin-gitops-common';
import pLimit from 'p-limit';
import type { AuditOperation, DriftRecord } from '../audit/types';
import { toAgentError } from '../providers/http/toAgentError';
import type { GitOpsServices } from '../service/GitOpsServices';

/** Sync window reads of one entity's applications in flight at one agent. */
const SYNC_WINDOW_READS_PER_AGENT = 4;

/**
 * What an entity's pages read: its applications by environment, its
 * ApplicationSets, their sync windows and its events. Every read needs
 * `gitops.application.read` on the entity; each takes the caller's
 * credentials and the entity's ref, and returns the answer.
 */
export class EntityReads {
  constructor(
    private readonly ctx: Pick<
      GitOpsServices,
      'access' | 'audit' | 'fleet' | 'providers'
    >,
  ) {}

  /** The entity's applications grouped by environment, in promotion order. */
  applications(credentials: BackstageCredentials, ref: CompoundEntityRef) {
    return this.ctx.access.applications(credentials, ref);
  }

  /**
   * The ApplicationSets the entity names, and those that generate one of
   * its applications.
   */
  async applicationSets(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ): Promise<{ items: GitOpsApplicationSet[]; errors: AgentError[] }> {
    const { query } = await this.ctx.access.readable(credentials, ref);
    const { items, errors } = await this.ctx.fleet.entityApplicationSets(query);
    return { items, errors };
  }

  /**
   * Each of the entity's applications' sync windows, read from its agent
   * (a few at a time per agent, each bounded by the agent's timeout): one
   * request for the entity tab instead of one per application. An
   * application whose windows could not be read is left out, its agent's
   * error listed once.
   */
  async syncWindows(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ): Promise<{
    items: Array<{ key: string; windows: SyncWindow[] }>;
    errors: AgentError[];
  }> {
    const { query } = await this.ctx.access.readable(credentials, ref);
    const { providers } = this.ctx;
    const apps = await this.ctx.fleet.entityApplications(query);
    const lanes = new Map<string, ReturnType<typeof pLimit>>();
    const failed = new Map<string, AgentError>();
    const read = await Promise.all(
      apps.items.map(app => {
        let lane = lanes.get(app.agentId);
        if (!lane) {
          lane = pLimit(SYNC_WINDOW_READS_PER_AGENT);
          lanes.set(app.agentId, lane);
        }
        return lane(async () => {
          const { name, namespace, project } = app;
          try {
            const windows = await providers
              .get(app.agentId)
              .getSyncWindows(
                { name, namespace, project },
                {
                  signal: AbortSignal.timeout(providers.timeoutMs(app.agentId)),
                },
              );
            return { key: app.key, windows };
          } catch (error) {
            if (!failed.has(app.agentId)) {
              failed.set(app.agentId, toAgentError(app.agentId, error));
            }
            return undefined;
          }
        });
      }),
    );
    return {
      items: read.filter(
        (item): item is { key: string; windows: SyncWindow[] } =>
          item !== undefined,
      ),
      errors: [...apps.errors, ...failed.values()],
    };
  }

  /**
   * The entity's last 100 operations and its applications' last 200 drift
   * events (50 per application), newest first.
   */
  async events(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ): Promise<{ audit: AuditOperation[]; drift: DriftRecord[] }> {
    const { entityRef, query } = await this.ctx.access.readable(
      credentials,
      ref,
    );
    const { fleet, audit: log } = this.ctx;
    const apps = await fleet.entityApplications(query);
    const [audit, drift] = await Promise.all([
      log.listOperations({ entityRef, limit: 100 }),
      Promise.all(
        // each application's own: a same-named one in another namespace
        // is another application
        apps.items.map(app =>
          log.listDriftEvents({
            agentId: app.agentId,
            application: app.name,
            appNamespace: app.namespace,
            limit: 50,
          }),
        ),
      ),
    ]);
    return {
      audit,
      drift: drift
        .flat()
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
        .slice(0, 200),
    };
  }
}
