import { InputError } from '@backstage/errors';
import type {
  HealthStatusCode,
  SyncStatusCode,
} from '@gitops-suite/plugin-gitops-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import {
  connectDatabase,
  DatabaseStoreOptions,
} from '../database/migrateDatabase';
import { newestFirstPage } from '../database/newestFirstPage';
import { DbTimestamp, toIsoTimestamp } from '../database/rowValues';
import { DriftEventStore } from './DriftEventStore';
import {
  ApplicationLocator,
  DriftEventFilter,
  DriftRecord,
  DriftStartInput,
} from './types';

const TABLE = 'gitops_drift_events';

type DriftRow = {
  id: string;
  agent_id: string;
  application: string;
  app_namespace: string | null;
  entity_ref: string | null;
  environment: string | null;
  sync_status: SyncStatusCode;
  health: HealthStatusCode | null;
  revision: string | null;
  started_at: DbTimestamp;
  ended_at: DbTimestamp | null;
};

/**
 * The knex implementation of {@link DriftEventStore} (table
 * `gitops_drift_events`), on SQLite or PostgreSQL.
 */
export class DatabaseDriftEventStore implements DriftEventStore {
  readonly #db: Knex;
  readonly #clock: () => Date;

  /** Connects to the plugin's database with its schema up to date. */
  static async create(
    options: DatabaseStoreOptions,
  ): Promise<DatabaseDriftEventStore> {
    const client = await connectDatabase(options.database, options);
    return new DatabaseDriftEventStore(
      client,
      options.clock ?? (() => new Date()),
    );
  }

  private constructor(db: Knex, clock: () => Date) {
    this.#db = db;
    this.#clock = clock;
  }

  async recordDriftStart(input: DriftStartInput): Promise<DriftRecord> {
    const row: DriftRow = {
      id: randomUUID(),
      agent_id: input.agentId,
      application: input.application,
      app_namespace: input.appNamespace ?? null,
      entity_ref: input.entityRef ?? null,
      environment: input.environment ?? null,
      sync_status: input.syncStatus,
      health: input.health ?? null,
      revision: input.revision ?? null,
      started_at: input.startedAt
        ? new Date(input.startedAt)
        : new Date(this.#clock().getTime()),
      ended_at: null,
    };

    const locator = locatorOf(
      input.agentId,
      input.application,
      input.appNamespace,
    );
    return this.#db.transaction(async tx => {
      await lockApplication(tx, locator);
      // One row per drift, whichever replica writes first: a drift of the
      // application open now, or closed at or after this start (another
      // replica saw a sub-second drift begin and end before this one got
      // here), is this drift.
      const same = await whereDrift(tx, locator)
        .where(inner =>
          inner.whereNull('ended_at').orWhere('ended_at', '>=', row.started_at),
        )
        .orderBy([
          { column: 'started_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first();
      if (same) return toDrift(same);
      // one open drift per application (a unique index) where the lock is
      // not taken (SQLite, one writer)
      await tx<DriftRow>(TABLE).insert(row).onConflict().ignore();
      const open = await whereOpenDrift(tx, locator).first();
      return open ? toDrift(open) : toDrift(row);
    });
  }

  async recordDriftEnd(
    agentId: string,
    application: string,
    endedAt: string,
    appNamespace?: string,
  ): Promise<DriftRecord | undefined> {
    const locator = locatorOf(agentId, application, appNamespace);
    const end = new Date(endedAt);

    return this.#db.transaction(async tx => {
      await lockApplication(tx, locator);
      // One row (a unique index keeps one open drift per application).
      const open = (await whereOpenDrift(tx, locator).select()).map(toDrift);
      if (open.length === 0) {
        return undefined;
      }
      const latest = open[0];
      if (end.getTime() < Date.parse(latest.startedAt)) {
        throw new InputError(
          `Invalid endedAt: ${endedAt} is before the drift started (${latest.startedAt})`,
        );
      }
      await tx<DriftRow>(TABLE)
        .whereIn(
          'id',
          open.map(event => event.id),
        )
        .whereNull('ended_at')
        .update({ ended_at: end });
      return { ...latest, endedAt: end.toISOString() };
    });
  }

  async openDrift(
    agentId: string,
    application: string,
    appNamespace?: string,
  ): Promise<DriftRecord | undefined> {
    const locator = locatorOf(agentId, application, appNamespace);
    const row = await whereOpenDrift(this.#db, locator).first();
    return row ? toDrift(row) : undefined;
  }

  async listOpenDrifts(agentId: string): Promise<DriftRecord[]> {
    const rows = await this.#db<DriftRow>(TABLE)
      .where('agent_id', agentId)
      .whereNull('ended_at')
      .select();
    return rows.map(toDrift);
  }

  async listDriftEvents(filter: DriftEventFilter = {}): Promise<DriftRecord[]> {
    const query = this.#db<DriftRow>(TABLE);
    if (filter.open === true) query.whereNull('ended_at');
    if (filter.open === false) query.whereNotNull('ended_at');
    if (filter.since !== undefined) {
      const since = new Date(filter.since);
      query.where(inner =>
        inner.whereNull('ended_at').orWhere('ended_at', '>=', since),
      );
    }
    const rows = await newestFirstPage(
      query,
      {
        entity_ref: filter.entityRef,
        agent_id: filter.agentId,
        application: filter.application,
        app_namespace: filter.appNamespace,
        environment: filter.environment,
      },
      filter,
    );
    return rows.map(toDrift);
  }
}

function locatorOf(
  agentId: string,
  application: string,
  appNamespace: string | undefined,
): ApplicationLocator {
  return {
    agentId,
    application,
    ...(appNamespace !== undefined && { appNamespace }),
  };
}

/**
 * Serializes the drift writes of one application across replicas on
 * PostgreSQL (a transaction-scoped advisory lock on the application), so a
 * start and an end from two replicas never interleave. SQLite has one
 * writer at a time already.
 */
async function lockApplication(tx: Knex.Transaction, at: ApplicationLocator) {
  if (!String(tx.client.config.client).startsWith('pg')) return;
  const key = JSON.stringify([
    TABLE,
    at.agentId,
    at.appNamespace ?? '',
    at.application,
  ]);
  await tx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
}

function whereDrift(db: Knex, locator: ApplicationLocator) {
  const query = db<DriftRow>(TABLE)
    .where('agent_id', locator.agentId)
    .where('application', locator.application);
  if (locator.appNamespace === undefined) {
    query.whereNull('app_namespace');
  } else {
    query.where('app_namespace', locator.appNamespace);
  }
  return query;
}

function whereOpenDrift(db: Knex, locator: ApplicationLocator) {
  return whereDrift(db, locator)
    .whereNull('ended_at')
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}

function toDrift(row: DriftRow): DriftRecord {
  return {
    id: row.id,
    agentId: row.agent_id,
    application: row.application,
    ...(row.app_namespace !== null && { appNamespace: row.app_namespace }),
    ...(row.entity_ref !== null && { entityRef: row.entity_ref }),
    ...(row.environment !== null && { environment: row.environment }),
    startedAt: toIsoTimestamp(row.started_at),
    ...(row.ended_at !== null && { endedAt: toIsoTimestamp(row.ended_at) }),
    syncStatus: row.sync_status,
    ...(row.health !== null && { health: row.health }),
    ...(row.revision !== null && { revision: row.revision }),
  };
}
