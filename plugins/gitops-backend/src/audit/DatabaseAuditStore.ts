import {
  DatabaseService,
  resolvePackagePath,
} from '@backstage/backend-plugin-api';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import { durationToMilliseconds, HumanDuration } from '@backstage/types';
import type {
  HealthStatusCode,
  OperationAction,
  OperationOutcome,
  SyncStatusCode,
} from '@gitops-suite/plugin-gitops-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { AuditStore } from './AuditStore';
import {
  ApplicationLocator,
  AuditOperation,
  CompleteOperationInput,
  DriftEventFilter,
  DriftRecord,
  DriftStartInput,
  FleetStateEntry,
  FleetStateInput,
  OperationFilter,
  PutFleetStateResult,
  StartOperationInput,
} from './types';

const migrationsDir = resolvePackagePath(
  '@gitops-suite/plugin-gitops-backend',
  'migrations',
);

const OPERATIONS_TABLE = 'gitops_operations';
const DRIFT_TABLE = 'gitops_drift_events';
const FLEET_TABLE = 'gitops_fleet_state';

/**
 * Tries of the migrations when other replicas run them at the same time
 * (about 30 s in all: a loaded machine can take seconds to migrate).
 */
const MIGRATION_ATTEMPTS = 20;

/**
 * Brings the schema up to date. Replicas starting together on a fresh
 * database race to create knex's migration tables and lock (one gets
 * "already exists" or "already locked"); the loser waits and tries again,
 * by when the winner has finished.
 */
async function migrate(client: Knex): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.migrate.latest({ directory: migrationsDir });
      return;
    } catch (error) {
      if (attempt >= MIGRATION_ATTEMPTS) throw error;
      await new Promise(resolve =>
        setTimeout(
          resolve,
          Math.min(250 * attempt, 2000) + Math.random() * 250,
        ),
      );
    }
  }
}

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;
const DEFAULT_PENDING_TIMEOUT: HumanDuration = { minutes: 15 };
/** Longest identifier (entity ref, agent id, application name, ...). */
const MAX_NAME_LENGTH = 255;
const MAX_APP_KEY_LENGTH = 512;
/** Largest JSON encoding of an operation's parameters. */
const MAX_PARAMETERS_LENGTH = 64 * 1024;
/** Longer outcome messages are truncated, never rejected. */
const MAX_MESSAGE_LENGTH = 8 * 1024;
/** Rows per statement in bulk writes, well below every engine's bind limit. */
const BATCH_SIZE = 200;

// Records (not arrays) so that the compiler flags a value added to or
// removed from the domain types in gitops-common.
const OPERATION_ACTIONS: Record<OperationAction, true> = {
  refresh: true,
  sync: true,
  rollback: true,
  'applicationset.create': true,
};
const FINAL_OUTCOMES: Record<CompleteOperationInput['outcome'], true> = {
  succeeded: true,
  failed: true,
};
const SYNC_STATUSES: Record<SyncStatusCode, true> = {
  Synced: true,
  OutOfSync: true,
  Unknown: true,
};
const HEALTH_STATUSES: Record<HealthStatusCode, true> = {
  Healthy: true,
  Progressing: true,
  Degraded: true,
  Suspended: true,
  Missing: true,
  Unknown: true,
};

const UUID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIMESTAMP_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A timestamp as the engines hand it back: `Date` from pg and mysql2, epoch
 * milliseconds from better-sqlite3 (knex binds `Date` as `valueOf()`), and a
 * string for values written by anything else.
 */
type DbTimestamp = Date | number | string;

type OperationRow = {
  id: string;
  actor: string;
  entity_ref: string | null;
  agent_id: string;
  application: string | null;
  app_namespace: string | null;
  action: OperationAction;
  parameters: string;
  outcome: OperationOutcome;
  message: string | null;
  started_at: DbTimestamp;
  finished_at: DbTimestamp | null;
};

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

/**
 * Options of {@link DatabaseAuditStore.create}.
 * @public
 */
export interface DatabaseAuditStoreOptions {
  database: DatabaseService;
  /** Do not run migrations (also skipped when `database.migrations.skip`). */
  skipMigrations?: boolean;
  /**
   * How long an operation may stay `pending` before it is reported as
   * `unknown` (default 15 minutes).
   */
  pendingTimeout?: HumanDuration;
  /** The current time; for tests. */
  clock?: () => Date;
}

/**
 * The knex implementation of {@link AuditStore}, on SQLite or PostgreSQL.
 * @public
 */
export class DatabaseAuditStore implements AuditStore {
  readonly #db: Knex;
  readonly #pendingTimeoutMs: number;
  readonly #clock: () => Date;

  /** Connects to the plugin's database and brings its schema up to date. */
  static async create(
    options: DatabaseAuditStoreOptions,
  ): Promise<DatabaseAuditStore> {
    const { database } = options;
    const client = await database.getClient();
    if (!options.skipMigrations && !database.migrations?.skip) {
      await migrate(client);
    }
    const pendingTimeoutMs = durationToMilliseconds(
      options.pendingTimeout ?? DEFAULT_PENDING_TIMEOUT,
    );
    if (!Number.isFinite(pendingTimeoutMs) || pendingTimeoutMs <= 0) {
      throw new InputError(
        'Invalid pendingTimeout: must be a positive duration',
      );
    }
    return new DatabaseAuditStore(
      client,
      pendingTimeoutMs,
      options.clock ?? (() => new Date()),
    );
  }

  private constructor(db: Knex, pendingTimeoutMs: number, clock: () => Date) {
    this.#db = db;
    this.#pendingTimeoutMs = pendingTimeoutMs;
    this.#clock = clock;
  }

  async startOperation(input: StartOperationInput): Promise<AuditOperation> {
    if (!isObject(input)) {
      throw new InputError('Invalid operation: must be an object');
    }
    const row: OperationRow = {
      id: randomUUID(),
      actor: requiredName(input.actor, 'actor'),
      entity_ref: optionalName(input.entityRef, 'entityRef'),
      agent_id: requiredName(input.agentId, 'agentId'),
      application: optionalName(input.application, 'application'),
      app_namespace: optionalName(input.appNamespace, 'appNamespace'),
      action: oneOf(input.action, 'action', OPERATION_ACTIONS),
      parameters: encodeParameters(input.parameters),
      outcome: 'pending',
      message: optionalMessage(input.message),
      started_at: this.#now(),
      finished_at: null,
    };
    await this.#db<OperationRow>(OPERATIONS_TABLE).insert(row);
    return this.#toOperation(row);
  }

  async completeOperation(
    id: string,
    result: CompleteOperationInput,
  ): Promise<void> {
    requiredUuid(id, 'id');
    if (!isObject(result)) {
      throw new InputError('Invalid result: must be an object');
    }
    const outcome = oneOf(result.outcome, 'outcome', FINAL_OUTCOMES);
    const message = optionalMessage(result.message);

    const updated = await this.#db<OperationRow>(OPERATIONS_TABLE)
      .where({ id, outcome: 'pending' })
      .update({ outcome, message, finished_at: this.#now() });
    if (updated > 0) {
      return;
    }

    const existing = await this.#db<OperationRow>(OPERATIONS_TABLE)
      .where({ id })
      .first('outcome');
    if (!existing) {
      throw new NotFoundError(`No operation with id '${id}'`);
    }
    throw new ConflictError(
      `Operation '${id}' already ended with outcome '${existing.outcome}'`,
    );
  }

  async getOperation(id: string): Promise<AuditOperation | undefined> {
    if (typeof id !== 'string' || !UUID_PATTERN.test(id)) {
      return undefined;
    }
    const row = await this.#db<OperationRow>(OPERATIONS_TABLE)
      .where({ id })
      .first();
    return row ? this.#toOperation(row) : undefined;
  }

  async listOperations(
    filter: OperationFilter = {},
  ): Promise<AuditOperation[]> {
    if (!isObject(filter)) {
      throw new InputError('Invalid filter: must be an object');
    }
    const limit = parseLimit(filter.limit);
    const query = this.#db<OperationRow>(OPERATIONS_TABLE);

    const entityRef = optionalName(filter.entityRef, 'entityRef');
    const agentId = optionalName(filter.agentId, 'agentId');
    const application = optionalName(filter.application, 'application');
    const appNamespace = optionalName(filter.appNamespace, 'appNamespace');
    if (entityRef !== null) query.where('entity_ref', entityRef);
    if (agentId !== null) query.where('agent_id', agentId);
    if (application !== null) query.where('application', application);
    if (appNamespace !== null) query.where('app_namespace', appNamespace);
    if (filter.before !== undefined) {
      query.where('started_at', '<', parseTimestamp(filter.before, 'before'));
    }

    const rows = await query
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select();
    return rows.map(row => this.#toOperation(row));
  }

  async recordDriftStart(input: DriftStartInput): Promise<DriftRecord> {
    if (!isObject(input)) {
      throw new InputError('Invalid drift: must be an object');
    }
    const locator = parseLocator(input);
    const row: DriftRow = {
      id: randomUUID(),
      agent_id: locator.agentId,
      application: locator.application,
      app_namespace: locator.appNamespace ?? null,
      entity_ref: optionalName(input.entityRef, 'entityRef'),
      environment: optionalName(input.environment, 'environment'),
      sync_status: oneOf(input.syncStatus, 'syncStatus', SYNC_STATUSES),
      health: optionalOneOf(input.health, 'health', HEALTH_STATUSES),
      revision: optionalName(input.revision, 'revision'),
      started_at:
        input.startedAt === undefined
          ? this.#now()
          : parseTimestamp(input.startedAt, 'startedAt'),
      ended_at: null,
    };

    return this.#db.transaction(async tx => {
      const open = await whereOpenDrift(tx, locator).first();
      if (open) {
        return toDrift(open);
      }
      await tx<DriftRow>(DRIFT_TABLE).insert(row);
      return toDrift(row);
    });
  }

  async recordDriftEnd(
    agentId: string,
    application: string,
    endedAt: string,
    appNamespace?: string,
  ): Promise<DriftRecord | undefined> {
    const locator = parseLocator({ agentId, application, appNamespace });
    const end = parseTimestamp(endedAt, 'endedAt');

    return this.#db.transaction(async tx => {
      // Normally one row; closing every open row also heals duplicates left
      // by two pollers that raced.
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
      await tx<DriftRow>(DRIFT_TABLE)
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
    const locator = parseLocator({ agentId, application, appNamespace });
    const row = await whereOpenDrift(this.#db, locator).first();
    return row ? toDrift(row) : undefined;
  }

  async listDriftEvents(filter: DriftEventFilter = {}): Promise<DriftRecord[]> {
    if (!isObject(filter)) {
      throw new InputError('Invalid filter: must be an object');
    }
    const limit = parseLimit(filter.limit);
    const query = this.#db<DriftRow>(DRIFT_TABLE);

    const entityRef = optionalName(filter.entityRef, 'entityRef');
    const agentId = optionalName(filter.agentId, 'agentId');
    const application = optionalName(filter.application, 'application');
    const appNamespace = optionalName(filter.appNamespace, 'appNamespace');
    const environment = optionalName(filter.environment, 'environment');
    if (entityRef !== null) query.where('entity_ref', entityRef);
    if (agentId !== null) query.where('agent_id', agentId);
    if (application !== null) query.where('application', application);
    if (appNamespace !== null) query.where('app_namespace', appNamespace);
    if (environment !== null) query.where('environment', environment);
    if (filter.open !== undefined) {
      if (typeof filter.open !== 'boolean') {
        throw new InputError('Invalid open: must be a boolean');
      }
      if (filter.open) {
        query.whereNull('ended_at');
      } else {
        query.whereNotNull('ended_at');
      }
    }
    if (filter.since !== undefined) {
      const since = parseTimestamp(filter.since, 'since');
      query.where(inner =>
        inner.whereNull('ended_at').orWhere('ended_at', '>=', since),
      );
    }
    if (filter.before !== undefined) {
      query.where('started_at', '<', parseTimestamp(filter.before, 'before'));
    }

    const rows = await query
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select();
    return rows.map(toDrift);
  }

  async getFleetState(agentId: string): Promise<FleetStateEntry[]> {
    const agent = requiredName(agentId, 'agentId');
    const rows = await this.#db<FleetRow>(FLEET_TABLE)
      .where('agent_id', agent)
      .orderBy('app_key')
      .select();
    return rows.map(toFleetEntry);
  }

  async putFleetState(
    agentId: string,
    rows: FleetStateInput[],
  ): Promise<PutFleetStateResult> {
    const agent = requiredName(agentId, 'agentId');
    if (!Array.isArray(rows)) {
      throw new InputError('Invalid rows: must be an array');
    }
    const now = this.#now();
    const seen = new Set<string>();
    const records = rows.map((input, index): FleetRow => {
      const field = `rows[${index}]`;
      if (!isObject(input)) {
        throw new InputError(`Invalid ${field}: must be an object`);
      }
      const appKey = requiredName(
        input.appKey,
        `${field}.appKey`,
        MAX_APP_KEY_LENGTH,
      );
      if (seen.has(appKey)) {
        throw new InputError(
          `Invalid ${field}.appKey: '${appKey}' appears more than once`,
        );
      }
      seen.add(appKey);
      return {
        agent_id: agent,
        app_key: appKey,
        application: requiredName(input.application, `${field}.application`),
        app_namespace: optionalName(
          input.appNamespace,
          `${field}.appNamespace`,
        ),
        sync_status: oneOf(
          input.syncStatus,
          `${field}.syncStatus`,
          SYNC_STATUSES,
        ),
        health: optionalOneOf(input.health, `${field}.health`, HEALTH_STATUSES),
        revision: optionalName(input.revision, `${field}.revision`),
        observed_at:
          input.observedAt === undefined
            ? now
            : parseTimestamp(input.observedAt, `${field}.observedAt`),
      };
    });

    return this.#db.transaction(async tx => {
      const existing = await tx<FleetRow>(FLEET_TABLE)
        .where('agent_id', agent)
        .select();
      const vanished = existing.filter(row => !seen.has(row.app_key));

      for (const batch of chunk(vanished, BATCH_SIZE)) {
        await tx<FleetRow>(FLEET_TABLE)
          .where('agent_id', agent)
          .whereIn(
            'app_key',
            batch.map(row => row.app_key),
          )
          .delete();
      }
      for (const batch of chunk(records, BATCH_SIZE)) {
        await tx<FleetRow>(FLEET_TABLE)
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

  #now(): Date {
    return new Date(this.#clock().getTime());
  }

  #toOperation(row: OperationRow): AuditOperation {
    const startedAt = toIsoTimestamp(row.started_at);
    const stale =
      row.outcome === 'pending' &&
      this.#clock().getTime() - Date.parse(startedAt) > this.#pendingTimeoutMs;
    return {
      id: row.id,
      actor: row.actor,
      ...(row.entity_ref !== null && { entityRef: row.entity_ref }),
      agentId: row.agent_id,
      ...(row.application !== null && { application: row.application }),
      ...(row.app_namespace !== null && { appNamespace: row.app_namespace }),
      action: row.action,
      parameters: decodeParameters(row),
      outcome: stale ? 'unknown' : row.outcome,
      ...(row.message !== null && { message: row.message }),
      startedAt,
      ...(row.finished_at !== null && {
        finishedAt: toIsoTimestamp(row.finished_at),
      }),
    };
  }
}

function whereOpenDrift(db: Knex, locator: ApplicationLocator) {
  const query = db<DriftRow>(DRIFT_TABLE)
    .where('agent_id', locator.agentId)
    .where('application', locator.application)
    .whereNull('ended_at');
  if (locator.appNamespace === undefined) {
    query.whereNull('app_namespace');
  } else {
    query.where('app_namespace', locator.appNamespace);
  }
  return query.orderBy([
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

/** Normalizes a timestamp read from any engine to an ISO 8601 UTC string. */
function toIsoTimestamp(value: DbTimestamp): string {
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'number') {
    date = new Date(value);
  } else if (/^\d+$/.test(value)) {
    date = new Date(Number(value));
  } else {
    // SQL text such as '2026-11-22 10:00:00' carries no zone and means UTC.
    const hasZone = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(value);
    const text = value.includes('T') ? value : value.replace(' ', 'T');
    date = new Date(hasZone ? text : `${text}Z`);
  }
  if (Number.isNaN(date.getTime())) {
    throw new Error(`Invalid timestamp in the database: '${String(value)}'`);
  }
  return date.toISOString();
}

function decodeParameters(row: OperationRow): Record<string, unknown> {
  try {
    const parsed = JSON.parse(row.parameters);
    return isObject(parsed) ? parsed : {};
  } catch (error) {
    throw new Error(
      `Failed to parse the parameters of operation '${row.id}', ${error}`,
    );
  }
}

function encodeParameters(value: unknown): string {
  if (!isObject(value)) {
    throw new InputError('Invalid parameters: must be an object');
  }
  let encoded: string;
  try {
    encoded = JSON.stringify(value);
  } catch {
    throw new InputError('Invalid parameters: not serializable as JSON');
  }
  if (encoded.length > MAX_PARAMETERS_LENGTH) {
    throw new InputError(
      `Invalid parameters: larger than ${MAX_PARAMETERS_LENGTH} characters as JSON`,
    );
  }
  return encoded;
}

function parseLocator(input: {
  agentId?: unknown;
  application?: unknown;
  appNamespace?: unknown;
}): ApplicationLocator {
  const appNamespace = optionalName(input.appNamespace, 'appNamespace');
  return {
    agentId: requiredName(input.agentId, 'agentId'),
    application: requiredName(input.application, 'application'),
    ...(appNamespace !== null && { appNamespace }),
  };
}

function parseLimit(value: unknown): number {
  if (value === undefined) {
    return DEFAULT_LIMIT;
  }
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_LIMIT
  ) {
    throw new InputError(
      `Invalid limit: must be an integer from 1 to ${MAX_LIMIT}`,
    );
  }
  return value;
}

function parseTimestamp(value: unknown, field: string): Date {
  if (typeof value !== 'string' || !ISO_TIMESTAMP_PATTERN.test(value)) {
    throw new InputError(
      `Invalid ${field}: must be an ISO 8601 timestamp with a time zone`,
    );
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new InputError(`Invalid ${field}: '${value}' is not a valid time`);
  }
  return date;
}

function requiredName(
  value: unknown,
  field: string,
  maxLength: number = MAX_NAME_LENGTH,
): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InputError(`Invalid ${field}: must be a non-empty string`);
  }
  if (value.length > maxLength) {
    throw new InputError(
      `Invalid ${field}: longer than ${maxLength} characters`,
    );
  }
  return value;
}

/** `null` for an absent value, so that it can be stored as is. */
function optionalName(value: unknown, field: string): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  return requiredName(value, field);
}

function optionalMessage(value: unknown): string | null {
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value !== 'string') {
    throw new InputError('Invalid message: must be a string');
  }
  return value.length > MAX_MESSAGE_LENGTH
    ? `${value.slice(0, MAX_MESSAGE_LENGTH - 1)}…`
    : value;
}

function oneOf<T extends string>(
  value: unknown,
  field: string,
  allowed: Record<T, true>,
): T {
  if (typeof value !== 'string' || !Object.hasOwn(allowed, value)) {
    throw new InputError(
      `Invalid ${field}: must be one of ${Object.keys(allowed).join(', ')}`,
    );
  }
  return value as T;
}

function optionalOneOf<T extends string>(
  value: unknown,
  field: string,
  allowed: Record<T, true>,
): T | null {
  if (value === undefined || value === null) {
    return null;
  }
  return oneOf(value, field, allowed);
}

function requiredUuid(value: unknown, field: string): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) {
    throw new InputError(`Invalid ${field}: must be a UUID`);
  }
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function chunk<T>(items: T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    batches.push(items.slice(i, i + size));
  }
  return batches;
}
