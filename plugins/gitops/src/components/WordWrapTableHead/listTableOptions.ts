import type { TableOptions } from '@backstage/core-components';

/**
 * The options of a searchable list in Backstage's Table: dense, paged by
 * 20 once it holds more.
 */
export function listTableOptions<T extends object>(
  rowCount: number,
): TableOptions<T> {
  return {
    paging: rowCount > 20,
    pageSize: 20,
    padding: 'dense',
    search: true,
    // column dragging nests a focusable handle in each sort button
    draggable: false,
  };
}
