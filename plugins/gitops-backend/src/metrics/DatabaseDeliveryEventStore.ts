import { DatabaseService } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { connectDatabase } from '../database/migrateDatabase';
import {
  chunk,
  DbTimestamp,
  toIsoTimestamp as toIso,
} from '../database/rowValues';
import { DeliveryEventQuery, DeliveryEventStore } from './DeliveryEventStore';
import {
  AppIdentity,
  DeliveryEvents,
  DeploymentEvent,
  SyncFailureEvent,
  UnhealthyPeriod,
} from './types';

const DEPLOYMENTS = 'gitops_deployments';
const FAILURES = 'gitops_sync_failures';
const HEALTH = 'gitops_health_periods';

interface IdentityRow {
  app_key: string;
  agent_id: string;
  application: string;
  app_namespace: string | null;
  service: string | null;
  environment: string;
}

interface DeploymentRow extends IdentityRow {
  history_id: number;
  revision: string;
  deployed_at: DbTimestamp;
  commit_date: DbTimestamp | null;
  commit_date_checked: boolean | number;
  revision_changed: boolean | number;
  rollback: boolean | number;
}

interface FailureRow extends IdentityRow {
  started_at: DbTimestamp;
  finished_at: DbTimestamp;
  revision: string | null;
  phase: 'Failed' | 'Error';
}

interface HealthRow extends IdentityRow {
  id: string;
  health: UnhealthyPeriod['health'];
  started_at: DbTimestamp;
  ended_at: DbTimestamp | null;
}

/** Options of {@link DatabaseDeliveryEventStore.create}. */
export interface DatabaseDeliveryEventStoreOptions {
  database: DatabaseService;
  skipMigrations?: boolean;
}

/** The knex implementation of {@link DeliveryEventStore} (SQLite, PostgreSQL). */
export class DatabaseDeliveryEventStore implements DeliveryEventStore {
  static async create(
    options: DatabaseDeliveryEventStoreOptions,
  ): Promise<DatabaseDeliveryEventStore> {
    const client = await connectDatabase(options.database, options);
    return new DatabaseDeliveryEventStore(client);
  }

  private constructor(private readonly db: Knex) {}

  async listDeployments(appKeys: string[]): Promise<DeploymentEvent[]> {
    const rows: DeploymentRow[] = [];
    for (const batch of chunk(appKeys)) {
      rows.push(
        ...(await this.db<DeploymentRow>(DEPLOYMENTS).whereIn(
          'app_key',
          batch,
        )),
      );
    }
    // in code, not SQL: collations order `/` differently per engine
    return rows.map(toDeployment).sort((a, b) => {
      if (a.appKey === b.appKey) return a.historyId - b.historyId;
      return a.appKey < b.appKey ? -1 : 1;
    });
  }

  async addDeployments(deployments: DeploymentEvent[]): Promise<void> {
    const rows = deployments.map(d => ({
      ...identityRow(d),
      history_id: d.historyId,
      revision: d.revision,
      deployed_at: new Date(d.deployedAt),
      commit_date: d.commitDate ? new Date(d.commitDate) : null,
      commit_date_checked: Boolean(d.commitDate),
      revision_changed: d.revisionChanged,
      rollback: d.rollback,
    }));
    for (const batch of chunk(rows)) {
      await this.db(DEPLOYMENTS)
        .insert(batch)
        .onConflict(['app_key', 'history_id'])
        .ignore();
    }
  }

  async deploymentsWithoutCommitDate(
    appKeys: string[] | undefined,
    limit: number,
  ): Promise<DeploymentEvent[]> {
    const query = this.db<DeploymentRow>(DEPLOYMENTS)
      .where('commit_date_checked', false)
      .where('revision_changed', true)
      .where('rollback', false);
    if (appKeys) query.whereIn('app_key', appKeys.slice(0, 1000));
    const rows = await query
      .orderBy([
        { column: 'deployed_at', order: 'desc' },
        { column: 'app_key', order: 'asc' },
      ])
      .limit(limit);
    return rows.map(toDeployment);
  }

  async setCommitDate(
    appKey: string,
    revision: string,
    commitDate: string | undefined,
  ): Promise<void> {
    await this.db<DeploymentRow>(DEPLOYMENTS)
      .where({ app_key: appKey, revision })
      .update({
        commit_date: commitDate ? new Date(commitDate) : null,
        commit_date_checked: true,
      });
  }

  async addSyncFailure(failure: SyncFailureEvent): Promise<boolean> {
    const startedAt = new Date(failure.startedAt);
    const existing = await this.db<FailureRow>(FAILURES)
      .where({ app_key: failure.appKey, started_at: startedAt })
      .first('app_key');
    if (existing) return false;
    await this.db(FAILURES)
      .insert({
        ...identityRow(failure),
        started_at: startedAt,
        finished_at: new Date(failure.finishedAt),
        revision: failure.revision ?? null,
        phase: failure.phase,
      })
      .onConflict(['app_key', 'started_at'])
      .ignore();
    return true;
  }

  async observeHealth(
    app: AppIdentity,
    health: string,
    at: string,
  ): Promise<'opened' | 'closed' | 'unchanged'> {
    const when = new Date(at);
    if (health === 'Healthy') {
      // whichever replica comes first closes it; the others change nothing
      const closed = await this.db<HealthRow>(HEALTH)
        .where({ app_key: app.appKey })
        .whereNull('ended_at')
        .update({ ended_at: when });
      return closed ? 'closed' : 'unchanged';
    }
    if (health !== 'Degraded' && health !== 'Missing') return 'unchanged';
    // one open period per application (a unique index): the replicas that
    // saw the change insert, the first one wins
    const id = randomUUID();
    await this.db(HEALTH)
      .insert({
        id,
        ...identityRow(app),
        health,
        started_at: when,
        ended_at: null,
      })
      .onConflict()
      .ignore();
    const open = await this.db<HealthRow>(HEALTH).where({ id }).first('id');
    return open ? 'opened' : 'unchanged';
  }

  async listOpenUnhealthy(agentId: string): Promise<UnhealthyPeriod[]> {
    const rows = await this.db<HealthRow>(HEALTH)
      .where({ agent_id: agentId })
      .whereNull('ended_at');
    return rows.map(toUnhealthy);
  }

  async lastDeployedAt(appKeys: string[]): Promise<Map<string, string>> {
    const last = new Map<string, string>();
    for (const batch of chunk(appKeys)) {
      const rows = (await this.db(DEPLOYMENTS)
        .select('app_key')
        .max({ last: 'deployed_at' })
        .whereIn('app_key', batch)
        .groupBy('app_key')) as Array<{ app_key: string; last: DbTimestamp }>;
      for (const row of rows) last.set(row.app_key, toIso(row.last));
    }
    return last;
  }

  async listEvents(
    query: DeliveryEventQuery,
  ): Promise<Omit<DeliveryEvents, 'rollbacks'>> {
    const since = new Date(query.since);
    const batches = query.appKeys ? chunk(query.appKeys) : [undefined];
    const rows = await Promise.all(
      batches.map(batch => this.eventRows(since, batch)),
    );
    return {
      deployments: rows.flatMap(r => r.deployments).map(toDeployment),
      failures: rows
        .flatMap(r => r.failures)
        .map(row => ({
          ...toIdentity(row),
          startedAt: toIso(row.started_at),
          finishedAt: toIso(row.finished_at),
          ...(row.revision !== null && { revision: row.revision }),
          phase: row.phase,
        })),
      unhealthy: rows.flatMap(r => r.unhealthy).map(toUnhealthy),
    };
  }

  async firstEventTimes(
    appKeys: string[] | undefined,
  ): Promise<Map<string, string>> {
    const first = new Map<string, string>();
    const tables: Array<[string, string]> = [
      [DEPLOYMENTS, 'deployed_at'],
      [FAILURES, 'started_at'],
      [HEALTH, 'started_at'],
    ];
    for (const batch of appKeys ? chunk(appKeys) : [undefined]) {
      for (const [table, column] of tables) {
        const query = this.db(table)
          .select('app_key')
          .min({ first: column })
          .groupBy('app_key');
        if (batch) query.whereIn('app_key', batch);
        for (const row of (await query) as Array<{
          app_key: string;
          first: DbTimestamp;
        }>) {
          const at = toIso(row.first);
          const known = first.get(row.app_key);
          if (!known || at < known) first.set(row.app_key, at);
        }
      }
    }
    return first;
  }

  private async eventRows(since: Date, appKeys: string[] | undefined) {
    const scoped = <T extends {}>(builder: Knex.QueryBuilder<T>) => {
      if (appKeys) builder.whereIn('app_key', appKeys);
      return builder;
    };
    const [deployments, failures, unhealthy] = await Promise.all([
      scoped(
        this.db<DeploymentRow>(DEPLOYMENTS).where('deployed_at', '>=', since),
      ),
      scoped(this.db<FailureRow>(FAILURES).where('finished_at', '>=', since)),
      scoped(
        this.db<HealthRow>(HEALTH).where(q =>
          q.whereNull('ended_at').orWhere('ended_at', '>=', since),
        ),
      ),
    ]);
    return {
      deployments: deployments as DeploymentRow[],
      failures: failures as FailureRow[],
      unhealthy: unhealthy as HealthRow[],
    };
  }
}

function identityRow(id: AppIdentity): IdentityRow {
  return {
    app_key: id.appKey,
    agent_id: id.agentId,
    application: id.application,
    app_namespace: id.appNamespace || null,
    service: id.service || null,
    environment: id.environment,
  };
}

function toIdentity(row: IdentityRow): AppIdentity {
  return {
    appKey: row.app_key,
    agentId: row.agent_id,
    application: row.application,
    ...(row.app_namespace !== null && { appNamespace: row.app_namespace }),
    ...(row.service !== null && { service: row.service }),
    environment: row.environment,
  };
}

function toUnhealthy(row: HealthRow): UnhealthyPeriod {
  return {
    ...toIdentity(row),
    health: row.health,
    startedAt: toIso(row.started_at),
    ...(row.ended_at !== null && { endedAt: toIso(row.ended_at) }),
  };
}

function toDeployment(row: DeploymentRow): DeploymentEvent {
  return {
    ...toIdentity(row),
    historyId: Number(row.history_id),
    revision: row.revision,
    deployedAt: toIso(row.deployed_at),
    ...(row.commit_date !== null && { commitDate: toIso(row.commit_date) }),
    revisionChanged: Boolean(row.revision_changed),
    rollback: Boolean(row.rollback),
  };
}
