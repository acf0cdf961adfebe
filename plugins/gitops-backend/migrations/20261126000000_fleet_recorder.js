// @ts-check

/**
 * The fleet recorder replaces the drift poller: drift and unhealthy periods
 * are recorded as the fleet state changes, by every replica at once, so the
 * database (not a mirror of the last observed state) keeps one row per
 * transition.
 *
 * - `gitops_fleet_state`, the poller's mirror of the whole fleet, goes.
 * - At most one open drift per application and one open unhealthy period
 *   per application: the replicas that see the same change insert with
 *   `on conflict do nothing`, and the first one wins. Open rows that two
 *   racing pollers left twice are closed first (the older ones, at the
 *   start of the newest), so the indexes can be built.
 *
 * @param {import('knex').Knex} knex
 */
exports.up = async function up(knex) {
  await knex.schema.dropTable('gitops_fleet_state');

  await closeDuplicates(knex, 'gitops_drift_events', [
    'agent_id',
    'application',
    'app_namespace',
  ]);
  await knex.raw(
    `CREATE UNIQUE INDEX gitops_drift_events_open_idx
       ON gitops_drift_events (agent_id, application, (COALESCE(app_namespace, '')))
       WHERE ended_at IS NULL`,
  );

  await closeDuplicates(knex, 'gitops_health_periods', ['app_key']);
  await knex.raw(
    `CREATE UNIQUE INDEX gitops_health_periods_open_idx
       ON gitops_health_periods (app_key)
       WHERE ended_at IS NULL`,
  );
};

/**
 * Closes every open row but the newest of each application, at the newest
 * one's start.
 *
 * @param {import('knex').Knex} knex
 * @param {string} table
 * @param {string[]} columns
 */
async function closeDuplicates(knex, table, columns) {
  const open = await knex(table)
    .whereNull('ended_at')
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('id', 'started_at', ...columns);
  const newest = new Map();
  for (const row of open) {
    const key = JSON.stringify(columns.map(column => row[column] ?? ''));
    const kept = newest.get(key);
    if (!kept) {
      newest.set(key, row);
      continue;
    }
    await knex(table)
      .where({ id: row.id })
      .update({ ended_at: kept.started_at });
  }
}

/**
 * @param {import('knex').Knex} knex
 */
exports.down = async function down(knex) {
  await knex.raw('DROP INDEX gitops_health_periods_open_idx');
  await knex.raw('DROP INDEX gitops_drift_events_open_idx');
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
