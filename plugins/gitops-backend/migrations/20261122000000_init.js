// @ts-check

/**
 * Creates the audit trail of operations, the drift history and the last
 * observed fleet state of the `gitops` backend plugin.
 *
 * Timestamps are written by the store as JavaScript `Date` values: PostgreSQL
 * keeps them as `timestamptz`, SQLite (better-sqlite3) as epoch milliseconds.
 * No column defaults to `now()`, so one engine never mixes two encodings.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.createTable('gitops_operations', table => {
    table.comment(
      'Audit trail of operations (refresh, sync, rollback, ...) performed through the portal',
    );
    table.uuid('id').primary().notNullable().comment('The ID of the operation');
    table
      .string('actor', 255)
      .notNullable()
      .comment('Entity ref of the user (or service) that asked for it');
    table
      .string('entity_ref', 255)
      .nullable()
      .comment('The catalog entity the operation was performed through');
    table
      .string('agent_id', 255)
      .notNullable()
      .comment('The agent the operation was sent to');
    table
      .string('application', 255)
      .nullable()
      .comment('Name of the target Application, if any');
    table
      .string('app_namespace', 255)
      .nullable()
      .comment('Namespace of the target Application (apps in any namespace)');
    table
      .string('action', 64)
      .notNullable()
      .comment('refresh, sync, rollback, applicationset.create');
    table
      .text('parameters')
      .notNullable()
      .comment('JSON encoded parameters of the operation');
    table
      .string('outcome', 32)
      .notNullable()
      .comment('pending until the agent answered, then succeeded or failed');
    table.text('message').nullable().comment('Error or result message');
    table
      .timestamp('started_at', { useTz: true })
      .notNullable()
      .comment('When the operation was requested (before calling the agent)');
    table
      .timestamp('finished_at', { useTz: true })
      .nullable()
      .comment('When the outcome became known');

    table.index(['entity_ref'], 'gitops_operations_entity_ref_idx');
    table.index(
      ['agent_id', 'application'],
      'gitops_operations_agent_application_idx',
    );
    table.index(['started_at'], 'gitops_operations_started_at_idx');
  });

  await knex.schema.createTable('gitops_drift_events', table => {
    table.comment(
      'Periods during which an application was out of sync with its desired state',
    );
    table.uuid('id').primary().notNullable().comment('The ID of the event');
    table.string('agent_id', 255).notNullable().comment('The serving agent');
    table
      .string('application', 255)
      .notNullable()
      .comment('Name of the drifting Application');
    table
      .string('app_namespace', 255)
      .nullable()
      .comment('Namespace of the Application (apps in any namespace)');
    table
      .string('entity_ref', 255)
      .nullable()
      .comment('The catalog entity the application belongs to, if known');
    table
      .string('environment', 255)
      .nullable()
      .comment('The resolved environment of the application');
    table
      .string('sync_status', 32)
      .notNullable()
      .comment('Sync status observed when the drift started');
    table
      .string('health', 32)
      .nullable()
      .comment('Health observed when the drift started');
    table
      .string('revision', 255)
      .nullable()
      .comment('Revision the application was at when the drift started');
    table
      .timestamp('started_at', { useTz: true })
      .notNullable()
      .comment('When the drift was first observed');
    table
      .timestamp('ended_at', { useTz: true })
      .nullable()
      .comment('When the application was observed in sync again');

    table.index(
      ['agent_id', 'application', 'ended_at'],
      'gitops_drift_events_agent_application_ended_idx',
    );
    table.index(['entity_ref'], 'gitops_drift_events_entity_ref_idx');
    table.index(['started_at'], 'gitops_drift_events_started_at_idx');
  });

  await knex.schema.createTable('gitops_fleet_state', table => {
    table.comment(
      'Last observed state of every application, shared by all replicas so the drift poller compares against it',
    );
    table.string('agent_id', 255).notNullable().comment('The serving agent');
    table
      .string('app_key', 512)
      .notNullable()
      .comment('Fleet-unique application key (agentId:namespace/name)');
    table
      .string('application', 255)
      .notNullable()
      .comment('Name of the Application');
    table
      .string('app_namespace', 255)
      .nullable()
      .comment('Namespace of the Application (apps in any namespace)');
    table
      .string('sync_status', 32)
      .notNullable()
      .comment('Observed sync status');
    table.string('health', 32).nullable().comment('Observed health');
    table.string('revision', 255).nullable().comment('Observed revision');
    table
      .timestamp('observed_at', { useTz: true })
      .notNullable()
      .comment('When this state was observed');

    table.primary(['agent_id', 'app_key'], 'gitops_fleet_state_pkey');
  });
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('gitops_fleet_state');
  await knex.schema.dropTable('gitops_drift_events');
  await knex.schema.dropTable('gitops_operations');
};
