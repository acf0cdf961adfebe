/** Which column a table is sorted by, and which way; none when undefined. */
export interface TableSort {
  column: string;
  direction: 'asc' | 'desc';
}

/**
 * The sort after a click on a column header: a new column sorts ascending,
 * then descending, then not at all.
 */
export function nextSort(
  current: TableSort | undefined,
  column: string,
): TableSort | undefined {
  if (!current || current.column !== column) {
    return { column, direction: 'asc' };
  }
  return current.direction === 'asc'
    ? { column, direction: 'desc' }
    : undefined;
}

type SortValue = string | number | undefined;

function compareValues(a: SortValue, b: SortValue): number {
  // missing values go last whichever the direction
  if (a === undefined || a === '') return b === undefined || b === '' ? 0 : 1;
  if (b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** Rows sorted by a column's value; the original order without a sort. */
export function sortRows<Row>(
  rows: Row[],
  sort: TableSort | undefined,
  valueOf: (row: Row, column: string) => SortValue,
): Row[] {
  if (!sort) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = valueOf(a, sort.column);
    const vb = valueOf(b, sort.column);
    const missing = (v: SortValue) => v === undefined || v === '';
    if (missing(va) || missing(vb)) return compareValues(va, vb);
    return sign * compareValues(va, vb);
  });
}
