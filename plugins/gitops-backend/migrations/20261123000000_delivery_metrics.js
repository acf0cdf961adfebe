// @ts-check

/**
 * Tables the delivery metrics (deployment frequency, lead time, change
 * failure rate, time to restore) are computed from, filled incrementally from
 * the agents' application history, operation state and health.
 *
 * Timestamps are written as JavaScript `Date` values, as in the init
 * migration (PostgreSQL `timestamptz`, SQLite epoch milliseconds).
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
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
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.schema.dropTable('gitops_health_periods');
  await knex.schema.dropTable('gitops_sync_failures');
  await knex.schema.dropTable('gitops_deployments');
};
