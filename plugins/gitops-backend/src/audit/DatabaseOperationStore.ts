import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import { durationToMilliseconds, HumanDuration } from '@backstage/types';
import type {
  OperationAction,
  OperationOutcome,
} from '@gitops-suite/plugin-gitops-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  entityRefs,
  limit,
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
import { newestFirstPage } from '../database/newestFirstPage';
import { DbTimestamp, toIsoTimestamp } from '../database/rowValues';
import { OperationStore } from './OperationStore';
import {
  AgentOperationInput,
  AuditOperation,
  CompleteOperationInput,
  OperationFilter,
  StartOperationInput,
} from './types';

const TABLE = 'gitops_operations';
/**
 * A history entry is the portal's own when a portal sync or rollback of the
 * application (the same namespace) that was not refused, failed or a dry
 * run started at most this long before the entry's sync started, and no
 * later than it finished; of several, the closest. The portal's row then
 * names the entry (`history_id`), the one link the timeline reads.
 */
const PORTAL_MATCH_MS = 2 * 60_000;
/** The actor of a history entry that names no initiator. */
const UNKNOWN_INITIATOR = 'unknown initiator';
const DEFAULT_PENDING_TIMEOUT: HumanDuration = { minutes: 15 };
/** Largest JSON encoding of an operation's parameters. */
const MAX_PARAMETERS_LENGTH = 64 * 1024;
/** Longer outcome messages are truncated, never rejected. */
const MAX_MESSAGE_LENGTH = 8 * 1024;

// A record (not an array) so that the compiler flags an action added to or
// removed from the domain type in gitops-common.
const ACTIONS: Record<OperationAction, true> = {
  refresh: true,
  sync: true,
  rollback: true,
  terminate: true,
  'resource.action': true,
  'applicationset.create': true,
  'applicationset.delete': true,
  'pullrequest.merge': true,
  'syncpolicy.update': true,
  'rollback.revert': true,
};
const UUID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  origin: NonNullable<AuditOperation['origin']>;
  history_id: number | null;
  environment: string | null;
};

const message = z
  .string({ invalid_type_error: 'must be a string' })
  .nullish()
  .transform(value => {
    if (value === undefined || value === null) return null;
    return value.length > MAX_MESSAGE_LENGTH
      ? `${value.slice(0, MAX_MESSAGE_LENGTH - 1)}…`
      : value;
  });

const parameters = z
  .record(z.unknown(), { invalid_type_error: 'must be an object' })
  .transform((value, ctx) => {
    let encoded: string;
    try {
      encoded = JSON.stringify(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not serializable as JSON' });
      return z.NEVER;
    }
    if (encoded.length > MAX_PARAMETERS_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        message: `larger than ${MAX_PARAMETERS_LENGTH} characters as JSON`,
      });
      return z.NEVER;
    }
    return encoded;
  });

const startInput = record({
  actor: name(),
  entityRef: optionalName(),
  agentId: name(),
  application: optionalName(),
  appNamespace: optionalName(),
  action: oneOf(Object.keys(ACTIONS) as OperationAction[]),
  parameters,
  message,
  environment: optionalName(),
});

const agentInput = record({
  agentId: name(),
  application: name(),
  appNamespace: optionalName(),
  environment: optionalName(),
  initiatedBy: optionalName(),
  historyId: z
    .number({ invalid_type_error: 'must be an integer' })
    .int('must be an integer'),
  revision: optionalName(),
  startedAt: timestamp,
  finishedAt: timestamp,
});

const OUTCOMES: OperationOutcome[] = [
  'pending',
  'succeeded',
  'failed',
  'refused',
  'unknown',
];

const completion = record({
  outcome: oneOf<CompleteOperationInput['outcome']>([
    'succeeded',
    'failed',
    'refused',
  ]),
  message,
});

const filterInput = record({
  entityRef: optionalName(),
  agentId: optionalName(),
  application: optionalName(),
  appNamespace: optionalName(),
  entityRefs,
  environment: optionalName(),
  outcome: oneOf(OUTCOMES).optional(),
  origin: oneOf<NonNullable<AuditOperation['origin']>>([
    'portal',
    'agent',
  ]).optional(),
  limit,
  before: timestamp.optional(),
});

/**
 * Options of {@link DatabaseOperationStore.create}.
 */
export interface DatabaseOperationStoreOptions extends DatabaseStoreOptions {
  /**
   * How long an operation may stay `pending` before it is reported as
   * `unknown` (default 15 minutes).
   */
  pendingTimeout?: HumanDuration;
}

/**
 * The knex implementation of {@link OperationStore} (table
 * `gitops_operations`), on SQLite or PostgreSQL.
 */
export class DatabaseOperationStore implements OperationStore {
  readonly #db: Knex;
  readonly #pendingTimeoutMs: number;
  readonly #clock: () => Date;

  /** Connects to the plugin's database with its schema up to date. */
  static async create(
    options: DatabaseOperationStoreOptions,
  ): Promise<DatabaseOperationStore> {
    const pendingTimeoutMs = durationToMilliseconds(
      options.pendingTimeout ?? DEFAULT_PENDING_TIMEOUT,
    );
    if (!Number.isFinite(pendingTimeoutMs) || pendingTimeoutMs <= 0) {
      throw new InputError(
        'Invalid pendingTimeout: must be a positive duration',
      );
    }
    const client = await connectDatabase(options.database, options);
    return new DatabaseOperationStore(
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
    const valid = parseInput(startInput, input, 'operation');
    const row: OperationRow = {
      id: randomUUID(),
      actor: valid.actor,
      entity_ref: valid.entityRef,
      agent_id: valid.agentId,
      application: valid.application,
      app_namespace: valid.appNamespace,
      action: valid.action,
      parameters: valid.parameters,
      outcome: 'pending',
      message: valid.message,
      started_at: this.#now(),
      finished_at: null,
      origin: 'portal',
      history_id: null,
      environment: valid.environment,
    };
    await this.#db<OperationRow>(TABLE).insert(row);
    return this.#toOperation(row);
  }

  async recordAgentOperations(inputs: AgentOperationInput[]): Promise<number> {
    let recorded = 0;
    for (const [index, input] of inputs.entries()) {
      const valid = parseInput(agentInput, input, `inputs[${index}]`);
      if (await this.#linkPortalRow(valid)) continue;
      const row: OperationRow = {
        id: randomUUID(),
        actor: valid.initiatedBy ?? UNKNOWN_INITIATOR,
        entity_ref: null,
        agent_id: valid.agentId,
        application: valid.application,
        app_namespace: valid.appNamespace,
        action: 'sync',
        parameters: JSON.stringify({
          historyId: valid.historyId,
          ...(valid.revision !== null && { revision: valid.revision }),
        }),
        outcome: 'succeeded',
        message: null,
        started_at: valid.startedAt,
        finished_at: valid.finishedAt,
        origin: 'agent',
        history_id: valid.historyId,
        environment: valid.environment,
      };
      // replicas that read the same history insert the same entry once
      const inserted = await this.#db<OperationRow>(TABLE)
        .insert(row, ['id'])
        .onConflict()
        .ignore();
      if (inserted.length > 0) recorded++;
    }
    return recorded;
  }

  /**
   * Links the portal sync or rollback that explains a history entry to it
   * (`history_id`), once, whichever replica reads the entry first; false
   * when none does (the entry was made outside the portal).
   */
  async #linkPortalRow(entry: {
    agentId: string;
    application: string;
    appNamespace: string | null;
    historyId: number;
    startedAt: Date;
    finishedAt: Date;
  }): Promise<boolean> {
    const query = this.#db<OperationRow>(TABLE)
      .where({
        origin: 'portal',
        agent_id: entry.agentId,
        application: entry.application,
      })
      .whereIn('action', ['sync', 'rollback'])
      .whereIn('outcome', ['pending', 'succeeded'])
      .where(
        'started_at',
        '>=',
        new Date(entry.startedAt.getTime() - PORTAL_MATCH_MS),
      )
      .where('started_at', '<=', entry.finishedAt)
      .where(linked =>
        linked.whereNull('history_id').orWhere('history_id', entry.historyId),
      );
    if (entry.appNamespace === null) query.whereNull('app_namespace');
    else query.where('app_namespace', entry.appNamespace);
    const candidates = (
      await query.select('id', 'parameters', 'started_at', 'history_id')
    ).filter(row => decodeParameters(row as OperationRow).dryRun !== true);
    if (candidates.some(row => row.history_id === entry.historyId)) return true;
    const started = entry.startedAt.getTime();
    const closest = candidates.sort(
      (a, b) =>
        Math.abs(started - Date.parse(toIsoTimestamp(a.started_at))) -
        Math.abs(started - Date.parse(toIsoTimestamp(b.started_at))),
    )[0];
    if (!closest) return false;
    await this.#db<OperationRow>(TABLE)
      .where({ id: closest.id })
      .whereNull('history_id')
      .update({ history_id: entry.historyId });
    return true;
  }

  async completeOperation(
    id: string,
    result: CompleteOperationInput,
  ): Promise<void> {
    if (typeof id !== 'string' || !UUID_PATTERN.test(id)) {
      throw new InputError('Invalid id: must be a UUID');
    }
    const { outcome, message: text } = parseInput(completion, result, 'result');

    const updated = await this.#db<OperationRow>(TABLE)
      .where({ id, outcome: 'pending' })
      .update({ outcome, message: text, finished_at: this.#now() });
    if (updated > 0) {
      return;
    }

    const existing = await this.#db<OperationRow>(TABLE)
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
    const row = await this.#db<OperationRow>(TABLE).where({ id }).first();
    return row ? this.#toOperation(row) : undefined;
  }

  async listOperations(
    filter: OperationFilter = {},
  ): Promise<AuditOperation[]> {
    const valid = parseInput(filterInput, filter, 'filter');
    const query = this.#db<OperationRow>(TABLE);
    // `unknown` and `pending` are one stored outcome, told apart by age
    const staleBefore = new Date(
      this.#clock().getTime() - this.#pendingTimeoutMs,
    );
    if (valid.outcome === 'unknown') {
      query.where('outcome', 'pending').where('started_at', '<', staleBefore);
    } else if (valid.outcome === 'pending') {
      query.where('outcome', 'pending').where('started_at', '>=', staleBefore);
    }
    const rows = await newestFirstPage(
      query,
      {
        entity_ref: valid.entityRef,
        agent_id: valid.agentId,
        application: valid.application,
        app_namespace: valid.appNamespace,
        environment: valid.environment,
        origin: valid.origin ?? null,
        outcome:
          valid.outcome === 'unknown' || valid.outcome === 'pending'
            ? null
            : valid.outcome ?? null,
      },
      valid,
    );
    return rows.map(row => this.#toOperation(row));
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
      origin: row.origin,
      ...(row.history_id !== null && { historyId: Number(row.history_id) }),
      ...(row.environment !== null && { environment: row.environment }),
    };
  }
}

function decodeParameters(row: OperationRow): Record<string, unknown> {
  try {
    const parsed = JSON.parse(row.parameters);
    return typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed)
      ? parsed
      : {};
  } catch (error) {
    throw new Error(
      `Failed to parse the parameters of operation '${row.id}', ${error}`,
    );
  }
}
