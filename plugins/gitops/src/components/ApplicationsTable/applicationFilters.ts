import type { ApplicationRow } from './columns';

/** The fields the applications table filters on, each a set of values. */
export const FILTER_FIELDS = [
  { key: 'environment', label: 'Environment' },
  { key: 'agentId', label: 'Agent' },
  { key: 'syncStatus', label: 'Sync' },
  { key: 'healthStatus', label: 'Health' },
] as const;

export type FilterKey = (typeof FILTER_FIELDS)[number]['key'];

/** Selected values per field; an empty or missing list does not narrow. */
export type ApplicationFilters = Partial<Record<FilterKey, string[]>>;

/** The distinct values of each filter field, sorted. */
export function filterOptions(
  rows: ApplicationRow[],
): Record<FilterKey, string[]> {
  const options = {} as Record<FilterKey, string[]>;
  for (const { key } of FILTER_FIELDS) {
    options[key] = [
      ...new Set(rows.map(row => row[key]).filter(Boolean)),
    ].sort();
  }
  return options;
}

/**
 * The rows that pass every filter and contain every search term (in the
 * name, environment, agent, cluster, namespace, project or revision).
 */
export function filterRows(
  rows: ApplicationRow[],
  filters: ApplicationFilters,
  search: string,
): ApplicationRow[] {
  const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter(row => {
    for (const { key } of FILTER_FIELDS) {
      const selected = filters[key];
      if (selected?.length && !selected.includes(row[key])) return false;
    }
    if (terms.length === 0) return true;
    const text = [
      row.name,
      row.environment,
      row.agentId,
      row.cluster,
      row.targetNamespace,
      row.project,
      row.revision,
    ]
      .join(' ')
      .toLowerCase();
    return terms.every(term => text.includes(term));
  });
}
