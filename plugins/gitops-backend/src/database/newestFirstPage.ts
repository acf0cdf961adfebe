import { Knex } from 'knex';

/**
 * One page of an audit table, the rule the operation and drift lists share:
 * rows narrowed by every column whose value is given (`null` does not
 * narrow), of one of `entityRefs` when they are given (a team's entities;
 * none selects nothing), started strictly before `before` when it is given
 * (the paging cursor: the last row's `started_at`), newest first with the id
 * breaking ties, at most `limit` rows.
 */
export async function newestFirstPage<Row extends {}>(
  query: Knex.QueryBuilder<Row>,
  columns: Record<string, string | null>,
  page: { before?: Date; limit: number; entityRefs?: string[] },
): Promise<Row[]> {
  for (const [column, value] of Object.entries(columns)) {
    if (value !== null) query.where(column, value);
  }
  if (page.entityRefs !== undefined) {
    if (page.entityRefs.length === 0) return [];
    query.whereIn('entity_ref', page.entityRefs);
  }
  if (page.before !== undefined) query.where('started_at', '<', page.before);
  return (await query
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .select()) as Row[];
}
