import { InfoCard } from '@backstage/core-components';
import {
  environmentLabel,
  type ActionBlocker,
  type AgentError,
  type EnvironmentGroup,
  type GitOpsApplication,
  type RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TablePagination from '@material-ui/core/TablePagination';
import TableRow from '@material-ui/core/TableRow';
import { useMemo, useState } from 'react';
import { buildMatrix } from '../../lib/buildMatrix';
import { MatrixCellView } from './MatrixCellView';
import type { RolloutPlace } from '../RolloutSteps';
import { WordWrapTableHead, wrapAtWords } from '../WordWrapTableHead';

const PAGE_SIZE = 20;

/**
 * Services by environments: where each service runs, at which revision, in
 * which state. Large entities are paged so the tab stays fast.
 */
export function EnvironmentMatrix(props: {
  environments: EnvironmentGroup[];
  onSelect: (app: GitOpsApplication) => void;
  /** Failing agents, by id: their applications' state is unknown. */
  unreachable?: Map<string, AgentError>;
  /** Rolling-sync places of the applications: those waiting are marked. */
  rollouts?: Map<string, RolloutPlace>;
  /** Argo Rollouts canaries mid-rollout, by application key: they are marked. */
  canaries?: Map<string, RolloutSummary>;
  /** What should stop someone acting on each application, by key. */
  blockers?: Map<string, ActionBlocker[]>;
}) {
  const { environments, onSelect, unreachable, rollouts, canaries, blockers } =
    props;
  const matrix = useMemo(() => buildMatrix(environments), [environments]);
  const [page, setPage] = useState(0);
  const rows = matrix.rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return (
    <InfoCard
      title="Environments"
      subheader="Promotion order, left to right; preview environments last, outside the chain"
      noPadding
    >
      <Table size="small" aria-label="Environment matrix">
        <WordWrapTableHead>
          <TableRow>
            <TableCell>Service</TableCell>
            {matrix.environments.map(environment => (
              <TableCell key={environment.name}>
                {environmentLabel(environment)}
              </TableCell>
            ))}
          </TableRow>
        </WordWrapTableHead>
        <TableBody>
          {rows.map(row => (
            <TableRow key={row.family}>
              <TableCell component="th" scope="row" style={wrapAtWords}>
                {row.family}
              </TableCell>
              {row.cells.map(cell => (
                <TableCell
                  key={cell.environment}
                  style={{ verticalAlign: 'top', minWidth: 180 }}
                >
                  <MatrixCellView
                    cell={cell}
                    onSelect={onSelect}
                    unreachable={unreachable}
                    rollouts={rollouts}
                    canaries={canaries}
                    blockers={blockers}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {matrix.rows.length > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={matrix.rows.length}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </InfoCard>
  );
}
