import { Knex } from 'knex';

/** Rows a page holds when the caller names no limit. */
const DEFAULT_LIMIT = 100;

/**
 * One page of an audit table, the rule the operation and drift lists share:
 * rows narrowed by every column whose value is given (`undefined` does
 * not narrow), of one of `entityRefs` when they are given (a team's entities;
 * none selects nothing), started strictly before `before` when it is given
 * (the paging cursor: the last row's `started_at`), newest first with the id
 * breaking ties, at most `limit` rows (100 when not given).
 *
 * The filter is trusted as typed: HTTP callers' queries were checked
 * against the OpenAPI spec (formats and bounds) before they got here.
 */
export async function newestFirstPage<Row extends {}>(
  query: Knex.QueryBuilder<Row>,
  columns: Record<string, string | undefined>,
  page: { before?: string; limit?: number; entityRefs?: string[] },
): Promise<Row[]> {
  for (const [column, value] of Object.entries(columns)) {
    if (value !== undefined) query.where(column, value);
  }
  if (page.entityRefs !== undefined) {
    if (page.entityRefs.length === 0) return [];
    query.whereIn('entity_ref', page.entityRefs);
  }
  if (page.before !== undefined) {
    query.where('started_at', '<', new Date(page.before));
  }
  return (await query
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit ?? DEFAULT_LIMIT)
    .select()) as Row[];
}
