import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import type {
  AuditEvent,
  DriftEvent,
} from '@gitops-suite/plugin-gitops-common';
import { gitopsApiRef } from '../../api';
import { downloadCsv, toCsv } from '../../lib/csv';
import { CompactTable } from '../WordWrapTableHead';
import {
  AuditFilter,
  AuditFilters,
  OUTCOMES,
  useAuditFilter,
} from './AuditFilters';
import { useGitOpsTeams } from './useGitOpsTeams';
import { useNewestFirstPages } from './useNewestFirstPages';

/** An audit row as the store sends it (with the app's namespace). */
type AuditRow = AuditEvent & { appNamespace?: string };
type DriftRow = DriftEvent & { appNamespace?: string };

const appName = (row: { application?: string; appNamespace?: string }) =>
  row.application
    ? `${row.appNamespace ? `${row.appNamespace}/` : ''}${row.application}`
    : '';

/** What was done: the action, a dry run told apart. */
export function auditWhat(row: AuditEvent): string {
  return row.parameters?.dryRun === true
    ? `${row.action} (dry run)`
    : row.action;
}

/** Who did it; what the agent's history names is marked as such. */
export function auditWho(row: AuditEvent): string {
  return row.origin === 'agent'
    ? `${row.actor} (outside the portal)`
    : row.actor;
}

const AUDIT_COLUMNS = [
  'Started',
  'Finished',
  'Who',
  'Source',
  'What',
  'Agent',
  'Application',
  'Environment',
  'Entity',
  'Outcome',
  'Reason',
];

/** The table's columns; the CSV has the others too. */
const AUDIT_TABLE_COLUMNS = [
  'Started',
  'Who',
  'What',
  'Agent',
  'Application',
  'Environment',
  'Outcome',
  'Reason',
];

/** The audit rows shown, as the CSV download writes them. */
export function auditCsv(rows: AuditRow[]): string {
  return toCsv(
    AUDIT_COLUMNS,
    rows.map(row => [
      row.startedAt,
      row.finishedAt ?? '',
      row.actor,
      row.origin ?? 'portal',
      auditWhat(row),
      row.agentId,
      appName(row),
      row.environment ?? '',
      row.entityRef ?? '',
      row.outcome,
      row.message ?? '',
    ]),
  );
}

const DRIFT_COLUMNS = [
  'Started',
  'Ended',
  'Agent',
  'Application',
  'Environment',
  'Sync',
  'Health',
  'Revision',
];

/** The drift rows shown, as the CSV download writes them. */
export function driftCsv(rows: DriftRow[]): string {
  return toCsv(
    DRIFT_COLUMNS,
    rows.map(row => [
      row.startedAt,
      row.endedAt ?? '',
      row.agentId,
      appName(row),
      row.environment ?? '',
      row.syncStatus,
      row.health ?? '',
      row.revision ?? '',
    ]),
  );
}

function PagedCard(props: {
  title: string;
  csvName: string;
  csv: () => string;
  pages: { loading: boolean; error?: Error; more: boolean; loadMore(): void };
  count: number;
  children: React.ReactNode;
}) {
  const { title, csvName, csv, pages, count, children } = props;
  return (
    <InfoCard
      title={title}
      subheader={`${count} shown, newest first`}
      action={
        <Button
          size="small"
          variant="outlined"
          disabled={count === 0}
          onClick={() => downloadCsv(csvName, csv())}
        >
          Download CSV
        </Button>
      }
      noPadding
    >
      {pages.error && <ResponseErrorPanel error={pages.error} />}
      <Box style={{ overflowX: 'auto' }}>{children}</Box>
      {pages.loading && <Progress />}
      {!pages.loading && pages.more && (
        <Box p={1} display="flex" justifyContent="center">
          <Button onClick={pages.loadMore}>Load older</Button>
        </Box>
      )}
    </InfoCard>
  );
}

/**
 * The fleet's audit trail over `/audit` and `/drift`: who did what to which
 * application, with the outcome and its reason (deployments made outside
 * the portal included, read from the agents' history), and when
 * applications drifted; narrowed by team, agent, environment and outcome
 * in the URL, a page at a time, each list downloadable as CSV.
 */
export function AuditView(props: {
  agents: readonly string[];
  environments: readonly string[];
}) {
  const api = useApi(gitopsApiRef);
  const teams = useGitOpsTeams();
  const { filter, setters } = useAuditFilter();
  const key = JSON.stringify(filter);
  const { outcome, ...shared }: AuditFilter = filter;
  const audit = useNewestFirstPages(
    page => api.getAuditEvents({ ...filter, ...page }) as Promise<AuditRow[]>,
    key,
  );
  const drift = useNewestFirstPages(
    page => api.getDriftEvents({ ...shared, ...page }) as Promise<DriftRow[]>,
    // the outcome does not narrow drift
    JSON.stringify(shared),
  );

  return (
    <>
      <AuditFilters
        filter={filter}
        options={{
          owner: teams,
          agent: props.agents,
          environment: props.environments,
          outcome: OUTCOMES,
        }}
        onChange={(field, value) => setters[field](value)}
      />
      <PagedCard
        title="Operations"
        csvName="gitops-audit.csv"
        csv={() => auditCsv(audit.items)}
        pages={audit}
        count={audit.items.length}
      >
        <CompactTable label="Operations" headings={AUDIT_TABLE_COLUMNS}>
          {audit.items.map(row => (
            <TableRow key={row.id}>
              <TableCell>{new Date(row.startedAt).toLocaleString()}</TableCell>
              <TableCell>{auditWho(row)}</TableCell>
              <TableCell>{auditWhat(row)}</TableCell>
              <TableCell>{row.agentId}</TableCell>
              <TableCell>{appName(row)}</TableCell>
              <TableCell>{row.environment ?? ''}</TableCell>
              <TableCell>{row.outcome}</TableCell>
              <TableCell>
                <Typography variant="body2">{row.message ?? ''}</Typography>
              </TableCell>
            </TableRow>
          ))}
        </CompactTable>
      </PagedCard>
      {outcome && (
        <Typography variant="body2" color="textSecondary">
          Drift has no outcome: it is narrowed by team, agent and environment.
        </Typography>
      )}
      <Box mt={3}>
        <PagedCard
          title="Drift"
          csvName="gitops-drift.csv"
          csv={() => driftCsv(drift.items)}
          pages={drift}
          count={drift.items.length}
        >
          <CompactTable label="Drift" headings={DRIFT_COLUMNS}>
            {drift.items.map(row => (
              <TableRow key={row.id}>
                <TableCell>
                  {new Date(row.startedAt).toLocaleString()}
                </TableCell>
                <TableCell>
                  {row.endedAt
                    ? new Date(row.endedAt).toLocaleString()
                    : 'ongoing'}
                </TableCell>
                <TableCell>{row.agentId}</TableCell>
                <TableCell>{appName(row)}</TableCell>
                <TableCell>{row.environment ?? ''}</TableCell>
                <TableCell>{row.syncStatus}</TableCell>
                <TableCell>{row.health ?? ''}</TableCell>
                <TableCell>{row.revision ?? ''}</TableCell>
              </TableRow>
            ))}
          </CompactTable>
        </PagedCard>
      </Box>
    </>
  );
}
