import {
  HEALTH_STATUSES,
  HealthStatusCode,
  SYNC_STATUSES,
  SyncStatusCode,
} from '@gitops-suite/plugin-gitops-common';
import { Knex } from 'knex';
import { z } from 'zod';
import {
  name,
  oneOf,
  optionalName,
  parseInput,
  record,
  timestamp,
} from '../database/inputSchemas';
import {
  connectDatabase,
  DatabaseStoreOptions,
} from '../database/migrateDatabase';
import { chunk, DbTimestamp, toIsoTimestamp } from '../database/rowValues';
import { FleetStateStore } from './FleetStateStore';
import { FleetStateEntry, FleetStateInput, PutFleetStateResult } from './types';

const TABLE = 'gitops_fleet_state';
const MAX_APP_KEY_LENGTH = 512;

type FleetRow = {
  agent_id: string;
  app_key: string;
  application: string;
  app_namespace: string | null;
  sync_status: SyncStatusCode;
  health: HealthStatusCode | null;
  revision: string | null;
  observed_at: DbTimestamp;
};

const rowsInput = z
  .array(
    record({
      appKey: name(MAX_APP_KEY_LENGTH),
      application: name(),
      appNamespace: optionalName(),
      syncStatus: oneOf(SYNC_STATUSES),
      health: oneOf(HEALTH_STATUSES)
        .nullish()
        .transform(value => value ?? null),
      revision: optionalName(),
      observedAt: timestamp.optional(),
    }),
    { invalid_type_error: 'must be an array' },
  )
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.appKey)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'appKey'],
          message: `'${row.appKey}' appears more than once`,
        });
      }
      seen.add(row.appKey);
    });
  });

/**
 * The knex implementation of {@link FleetStateStore} (table
 * `gitops_fleet_state`), on SQLite or PostgreSQL.
 */
export class DatabaseFleetStateStore implements FleetStateStore {
  readonly #db: Knex;
  readonly #clock: () => Date;

  /** Connects to the plugin's database with its schema up to date. */
  static async create(
    options: DatabaseStoreOptions,
  ): Promise<DatabaseFleetStateStore> {
    const client = await connectDatabase(options.database, options);
    return new DatabaseFleetStateStore(
      client,
      options.clock ?? (() => new Date()),
    );
  }

  private constructor(db: Knex, clock: () => Date) {
    this.#db = db;
    this.#clock = clock;
  }

  async getFleetState(agentId: string): Promise<FleetStateEntry[]> {
    const agent = parseInput(name(), agentId, 'agentId');
    const rows = await this.#db<FleetRow>(TABLE)
      .where('agent_id', agent)
      .orderBy('app_key')
      .select();
    return rows.map(toFleetEntry);
  }

  async putFleetState(
    agentId: string,
    rows: FleetStateInput[],
  ): Promise<PutFleetStateResult> {
    const agent = parseInput(name(), agentId, 'agentId');
    const now = new Date(this.#clock().getTime());
    const records = parseInput(rowsInput, rows, 'rows').map(
      (row): FleetRow => ({
        agent_id: agent,
        app_key: row.appKey,
        application: row.application,
        app_namespace: row.appNamespace,
        sync_status: row.syncStatus,
        health: row.health,
        revision: row.revision,
        observed_at: row.observedAt ?? now,
      }),
    );
    const given = new Set(records.map(row => row.app_key));

    return this.#db.transaction(async tx => {
      const existing = await tx<FleetRow>(TABLE)
        .where('agent_id', agent)
        .select();
      const vanished = existing.filter(row => !given.has(row.app_key));

      for (const batch of chunk(vanished)) {
        await tx<FleetRow>(TABLE)
          .where('agent_id', agent)
          .whereIn(
            'app_key',
            batch.map(row => row.app_key),
          )
          .delete();
      }
      for (const batch of chunk(records)) {
        await tx<FleetRow>(TABLE)
          .insert(batch)
          .onConflict(['agent_id', 'app_key'])
          .merge([
            'application',
            'app_namespace',
            'sync_status',
            'health',
            'revision',
            'observed_at',
          ]);
      }
      return { upserted: records.length, removed: vanished.map(toFleetEntry) };
    });
  }
}

function toFleetEntry(row: FleetRow): FleetStateEntry {
  return {
    appKey: row.app_key,
    application: row.application,
    ...(row.app_namespace !== null && { appNamespace: row.app_namespace }),
    syncStatus: row.sync_status,
    ...(row.health !== null && { health: row.health }),
    ...(row.revision !== null && { revision: row.revision }),
    observedAt: toIsoTimestamp(row.observed_at),
  };
}
