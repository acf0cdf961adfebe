// @ts-check

/**
 * The audit trail also holds what was deployed outside the portal (Argo
 * CD's UI or CLI, automated sync), read from the agents' history by the
 * fleet recorder, and can be narrowed by environment.
 *
 * - `origin`: `portal` for what the portal did (every existing row),
 *   `agent` for a history entry the recorder found.
 * - `history_id`: the entry's id in the application's `status.history`;
 *   one row per entry across replicas (a partial unique index, inserts that
 *   ignore conflicts).
 * - `environment`: the application's resolved environment when the row was
 *   written; rows written before stay without one.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.alterTable('gitops_operations', table => {
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
    table.index(['environment'], 'gitops_operations_environment_idx');
  });
  await knex.raw(
    `CREATE UNIQUE INDEX gitops_operations_history_idx
       ON gitops_operations (agent_id, application, (COALESCE(app_namespace, '')), history_id)
       WHERE history_id IS NOT NULL`,
  );
};

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.raw('DROP INDEX gitops_operations_history_idx');
  await knex.schema.alterTable('gitops_operations', table => {
    table.dropIndex(['environment'], 'gitops_operations_environment_idx');
    table.dropColumn('environment');
    table.dropColumn('history_id');
    table.dropColumn('origin');
  });
};
