import { InfoCard } from '@backstage/core-components';
import type {
  ActionBlocker,
  GitOpsApplication,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Link from '@material-ui/core/Link';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TablePagination from '@material-ui/core/TablePagination';
import TableRow from '@material-ui/core/TableRow';
import TableSortLabel from '@material-ui/core/TableSortLabel';
import { useMemo, useState } from 'react';
import {
  ApplicationFilters,
  filterOptions,
  filterRows,
} from './applicationFilters';
import { ApplicationsToolbar } from './ApplicationsToolbar';
import { NoticeMarker } from '../ApplicationNotice';
import { rolloutPlaceOf, type RolloutPlace } from '../RolloutSteps';
import { AgentUiLink } from '../Links';
import { ApplicationRow, columns, toRow } from './columns';
import { nextSort, sortRows, TableSort } from './tableSort';
import { WordWrapTableHead } from '../WordWrapTableHead';

const PAGE_SIZE = 20;

const sortValueOf = (row: ApplicationRow, column: string) =>
  column === 'name'
    ? row.name
    : columns.find(c => c.id === column)?.sortValue?.(row);

function SortableHeader(props: {
  column: string;
  title: string;
  sort?: TableSort;
  onSort: (column: string) => void;
}) {
  const { column, title, sort, onSort } = props;
  const active = sort?.column === column;
  return (
    <TableCell
      sortDirection={active ? sort!.direction : false}
      style={{ whiteSpace: 'nowrap' }}
    >
      <TableSortLabel
        active={active}
        direction={active ? sort!.direction : 'asc'}
        onClick={() => onSort(column)}
      >
        {title}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * Every application of an entity: sortable (ascending, descending, none),
 * searchable and filterable by environment, agent, sync and health. The
 * title counts the rows shown; each row's name is a button that opens it.
 */
export function ApplicationsTable(props: {
  applications: GitOpsApplication[];
  onSelect: (app: GitOpsApplication) => void;
  /** What should stop someone acting on each application, by key. */
  blockers?: Map<string, ActionBlocker[]>;
  /** Rolling-sync places of the applications (see rolloutPlaces). */
  rollouts?: Map<string, RolloutPlace>;
  /** Argo Rollouts canaries mid-rollout, by application key. */
  canaries?: Map<string, RolloutSummary>;
}) {
  const { applications, onSelect, blockers, rollouts, canaries } = props;
  const rows = useMemo(
    () =>
      applications.map(app =>
        toRow(
          app,
          blockers?.get(app.key),
          rolloutPlaceOf(rollouts, app)?.applicationSet,
          canaries?.get(app.key),
        ),
      ),
    [applications, blockers, rollouts, canaries],
  );
  const [sort, setSort] = useState<TableSort | undefined>();
  const [filters, setFilters] = useState<ApplicationFilters>({});
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const options = useMemo(() => filterOptions(rows), [rows]);
  const shown = useMemo(
    () => sortRows(filterRows(rows, filters, search), sort, sortValueOf),
    [rows, filters, search, sort],
  );
  const pageRows = shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const title =
    shown.length === rows.length
      ? `Applications (${rows.length})`
      : `Applications (${shown.length} of ${rows.length})`;

  return (
    <InfoCard title={title} noPadding>
      <ApplicationsToolbar
        search={search}
        onSearch={value => {
          setSearch(value);
          setPage(0);
        }}
        filters={filters}
        options={options}
        onFilter={(key, values) => {
          setFilters(current => ({ ...current, [key]: values }));
          setPage(0);
        }}
        onClear={() => {
          setFilters({});
          setSearch('');
          setPage(0);
        }}
      />
      <Box style={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Applications">
          <WordWrapTableHead>
            <TableRow>
              <SortableHeader
                column="name"
                title="Application"
                sort={sort}
                onSort={column => setSort(nextSort(sort, column))}
              />
              {columns.map(column =>
                column.sortValue ? (
                  <SortableHeader
                    key={column.id}
                    column={column.id}
                    title={column.title}
                    sort={sort}
                    onSort={id => setSort(nextSort(sort, id))}
                  />
                ) : (
                  <TableCell key={column.id} style={{ whiteSpace: 'nowrap' }}>
                    {column.title}
                  </TableCell>
                ),
              )}
            </TableRow>
          </WordWrapTableHead>
          <TableBody>
            {pageRows.map(row => (
              <TableRow
                key={row.id}
                hover
                onClick={() => onSelect(row)}
                style={{ cursor: 'pointer' }}
              >
                <TableCell component="th" scope="row">
                  <Link
                    component="button"
                    variant="body2"
                    onClick={(event: React.MouseEvent) => {
                      event.stopPropagation();
                      onSelect(row);
                    }}
                    style={{ textAlign: 'left', fontWeight: 500 }}
                  >
                    {row.name}
                  </Link>{' '}
                  <NoticeMarker notice={row.notice} /> <AgentUiLink app={row} />
                </TableCell>
                {columns.map(column => (
                  <TableCell
                    key={column.id}
                    style={
                      column.wrap
                        ? { minWidth: column.minWidth ?? 120 }
                        : { whiteSpace: 'nowrap' }
                    }
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  No application matches the filters.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      {shown.length > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={shown.length}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </InfoCard>
  );
}
