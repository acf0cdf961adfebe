// @ts-check

/**
 * The schema of the `gitops` backend plugin: the audit trail of operations,
 * the drift history and the tables the delivery metrics are computed from.
 *
 * Timestamps are written by the stores as JavaScript `Date` values:
 * PostgreSQL keeps them as `timestamptz`, SQLite (better-sqlite3) as epoch
 * milliseconds. No column defaults to `now()`, so one engine never mixes two
 * encodings.
 *
 * Several replicas record the same fleet change at once: partial unique
 * indexes keep one open drift and one open unhealthy period per application
 * and one audit row per history entry an agent reported, and the stores
 * insert ignoring conflicts, so the first replica wins.
 *
 * Knex quotes column comments but not table comments on PostgreSQL: a table
 * comment must not contain an apostrophe.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await createOperations(knex);
  await createDriftEvents(knex);
  await createDeployments(knex);
  await createSyncFailures(knex);
  await createHealthPeriods(knex);
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('gitops_health_periods');
  await knex.schema.dropTable('gitops_sync_failures');
  await knex.schema.dropTable('gitops_deployments');
  await knex.schema.dropTable('gitops_drift_events');
  await knex.schema.dropTable('gitops_operations');
};

/**
 * What was done through the portal, and what was deployed outside it (Argo
 * CD's UI or CLI, automated sync) as the fleet recorder read it from the
 * history of the agents.
 *
 * @param {import('knex').Knex} knex
 */
async function createOperations(knex) {
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
    table
      .string('origin', 32)
      .notNullable()
      .defaultTo('portal')
      .comment("portal, or agent: read from the agent's history");
    table
      .integer('history_id')
      .nullable()
      .comment('The id of the status.history entry an agent row records');
    table
      .string('environment', 255)
      .nullable()
      .comment('The resolved environment of the application, if known');

    table.index(['entity_ref'], 'gitops_operations_entity_ref_idx');
    table.index(
      ['agent_id', 'application'],
      'gitops_operations_agent_application_idx',
    );
    table.index(['started_at'], 'gitops_operations_started_at_idx');
    table.index(['environment'], 'gitops_operations_environment_idx');
  });
  // one row per history entry across replicas
  await knex.raw(
    `CREATE UNIQUE INDEX gitops_operations_history_idx
       ON gitops_operations (agent_id, application, (COALESCE(app_namespace, '')), history_id)
       WHERE history_id IS NOT NULL`,
  );
}

/**
 * @param {import('knex').Knex} knex
 */
async function createDriftEvents(knex) {
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
  // at most one open drift per application
  await knex.raw(
    `CREATE UNIQUE INDEX gitops_drift_events_open_idx
       ON gitops_drift_events (agent_id, application, (COALESCE(app_namespace, '')))
       WHERE ended_at IS NULL`,
  );
}

/**
 * Successful syncs, for deployment frequency, lead time and change failure
 * rate.
 *
 * @param {import('knex').Knex} knex
 */
async function createDeployments(knex) {
  await knex.schema.createTable('gitops_deployments', table => {
    table.comment(
      'Successful syncs of applications, one row per Argo CD history entry',
    );
    table
      .string('app_key', 512)
      .notNullable()
      .comment('Fleet-unique application key (agentId:namespace/name)');
    table
      .integer('history_id')
      .notNullable()
      .comment('The id of the entry in status.history');
    table.string('agent_id', 255).notNullable().comment('The serving agent');
    table.string('application', 255).notNullable().comment('Application name');
    table
      .string('app_namespace', 255)
      .nullable()
      .comment('Namespace of the Application (apps in any namespace)');
    table.string('service', 255).nullable().comment('The GitOps service');
    table
      .string('environment', 255)
      .notNullable()
      .comment('The resolved environment of the application');
    table.string('revision', 255).notNullable().comment('Deployed revision');
    table
      .timestamp('deployed_at', { useTz: true })
      .notNullable()
      .comment('When the sync finished');
    table
      .timestamp('commit_date', { useTz: true })
      .nullable()
      .comment('Commit date of the revision, from its metadata');
    table
      .boolean('commit_date_checked')
      .notNullable()
      .comment('Whether the revision metadata was asked for');
    table
      .boolean('revision_changed')
      .notNullable()
      .comment('Whether this sync changed the revision of the application');
    table
      .boolean('rollback')
      .notNullable()
      .comment('Whether this sync went back to a revision deployed before');
    table.primary(['app_key', 'history_id'], 'gitops_deployments_pkey');
    table.index(['deployed_at'], 'gitops_deployments_deployed_at_idx');
  });
}

/**
 * Failed syncs, for the change failure rate.
 *
 * @param {import('knex').Knex} knex
 */
async function createSyncFailures(knex) {
  await knex.schema.createTable('gitops_sync_failures', table => {
    table.comment('Sync operations that ended Failed or Error');
    table.string('app_key', 512).notNullable().comment('Application key');
    table
      .timestamp('started_at', { useTz: true })
      .notNullable()
      .comment('When the operation started');
    table.string('agent_id', 255).notNullable().comment('The serving agent');
    table.string('application', 255).notNullable().comment('Application name');
    table.string('app_namespace', 255).nullable().comment('Its namespace');
    table.string('service', 255).nullable().comment('The GitOps service');
    table.string('environment', 255).notNullable().comment('Environment');
    table.string('revision', 255).nullable().comment('Revision it tried');
    table.string('phase', 32).notNullable().comment('Failed or Error');
    table
      .timestamp('finished_at', { useTz: true })
      .notNullable()
      .comment('When the operation ended');
    table.primary(['app_key', 'started_at'], 'gitops_sync_failures_pkey');
    table.index(['finished_at'], 'gitops_sync_failures_finished_at_idx');
  });
}

/**
 * Unhealthy periods, for the time to restore.
 *
 * @param {import('knex').Knex} knex
 */
async function createHealthPeriods(knex) {
  await knex.schema.createTable('gitops_health_periods', table => {
    table.comment(
      'Periods during which an application was observed Degraded or Missing',
    );
    table.uuid('id').primary().notNullable().comment('The ID of the period');
    table.string('app_key', 512).notNullable().comment('Application key');
    table.string('agent_id', 255).notNullable().comment('The serving agent');
    table.string('application', 255).notNullable().comment('Application name');
    table.string('app_namespace', 255).nullable().comment('Its namespace');
    table.string('service', 255).nullable().comment('The GitOps service');
    table.string('environment', 255).notNullable().comment('Environment');
    table.string('health', 32).notNullable().comment('Degraded or Missing');
    table
      .timestamp('started_at', { useTz: true })
      .notNullable()
      .comment('When the unhealthy state was first observed');
    table
      .timestamp('ended_at', { useTz: true })
      .nullable()
      .comment('When the application was observed Healthy again');
    table.index(['app_key', 'ended_at'], 'gitops_health_periods_app_idx');
    table.index(['started_at'], 'gitops_health_periods_started_at_idx');
  });
  // at most one open unhealthy period per application
  await knex.raw(
    `CREATE UNIQUE INDEX gitops_health_periods_open_idx
       ON gitops_health_periods (app_key)
       WHERE ended_at IS NULL`,
  );
}
