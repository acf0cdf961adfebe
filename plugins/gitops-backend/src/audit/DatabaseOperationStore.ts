import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import { durationToMilliseconds, HumanDuration } from '@backstage/types';
import type {
  OperationAction,
  OperationOutcome,
} from '@gitops-suite/plugin-gitops-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
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
/** Longer outcome messages are truncated, never refused. */
const MAX_MESSAGE_LENGTH = 8 * 1024;

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
    const row: OperationRow = {
      id: randomUUID(),
      actor: input.actor,
      entity_ref: input.entityRef ?? null,
      agent_id: input.agentId,
      application: input.application ?? null,
      app_namespace: input.appNamespace ?? null,
      action: input.action,
      parameters: JSON.stringify(input.parameters),
      outcome: 'pending',
      message: storedMessage(input.message),
      started_at: this.#now(),
      finished_at: null,
      origin: 'portal',
      history_id: null,
      environment: input.environment ?? null,
    };
    await this.#db<OperationRow>(TABLE).insert(row);
    return this.#toOperation(row);
  }

  async recordAgentOperations(inputs: AgentOperationInput[]): Promise<number> {
    let recorded = 0;
    for (const input of inputs) {
      const entry = {
        ...input,
        appNamespace: input.appNamespace ?? null,
        startedAt: new Date(input.startedAt),
        finishedAt: new Date(input.finishedAt),
      };
      if (await this.#linkPortalRow(entry)) continue;
      const row: OperationRow = {
        id: randomUUID(),
        actor: input.initiatedBy ?? UNKNOWN_INITIATOR,
        entity_ref: null,
        agent_id: input.agentId,
        application: input.application,
        app_namespace: entry.appNamespace,
        action: 'sync',
        parameters: JSON.stringify({
          historyId: input.historyId,
          ...(input.revision !== undefined && { revision: input.revision }),
        }),
        outcome: 'succeeded',
        message: null,
        started_at: entry.startedAt,
        finished_at: entry.finishedAt,
        origin: 'agent',
        history_id: input.historyId,
        environment: input.environment ?? null,
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
    const updated = await this.#db<OperationRow>(TABLE)
      .where({ id, outcome: 'pending' })
      .update({
        outcome: result.outcome,
        message: storedMessage(result.message),
        finished_at: this.#now(),
      });
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
    const query = this.#db<OperationRow>(TABLE);
    // `unknown` and `pending` are one stored outcome, told apart by age
    const staleBefore = new Date(
      this.#clock().getTime() - this.#pendingTimeoutMs,
    );
    if (filter.outcome === 'unknown') {
      query.where('outcome', 'pending').where('started_at', '<', staleBefore);
    } else if (filter.outcome === 'pending') {
      query.where('outcome', 'pending').where('started_at', '>=', staleBefore);
    }
    const rows = await newestFirstPage(
      query,
      {
        entity_ref: filter.entityRef,
        agent_id: filter.agentId,
        application: filter.application,
        app_namespace: filter.appNamespace,
        environment: filter.environment,
        origin: filter.origin,
        outcome:
          filter.outcome === 'unknown' || filter.outcome === 'pending'
            ? undefined
            : filter.outcome,
      },
      filter,
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

/** Longer outcome messages are kept shortened, never refused. */
function storedMessage(message: string | undefined): string | null {
  if (message === undefined) return null;
  return message.length > MAX_MESSAGE_LENGTH
    ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…`
    : message;
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
