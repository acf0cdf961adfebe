import type { DeliveryMetrics } from '@gitops-suite/plugin-gitops-common';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import type { ReactNode } from 'react';
import {
  formatDuration,
  formatFrequency,
  formatHistory,
  formatRate,
} from './formatMetrics';
import { WordWrapTableHead, wrapAtWords } from '../WordWrapTableHead';

function Figure(props: { value: ReactNode; detail: ReactNode }) {
  return (
    <>
      <Typography variant="body2" component="div">
        {props.value}
      </Typography>
      <Typography variant="caption" color="textSecondary" component="div">
        {props.detail}
      </Typography>
    </>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One row of the four delivery metrics over a `windowDays`-day window. */
export function DeliveryMetricsCells(props: {
  metrics: DeliveryMetrics;
  windowDays: number;
}) {
  const m = props.metrics;
  const history = formatHistory(m, props.windowDays);
  return (
    <>
      <TableCell>
        <Figure
          value={formatFrequency(m)}
          detail={[plural(m.deployments, 'deployment'), history]
            .filter(Boolean)
            .join('; ')}
        />
      </TableCell>
      <TableCell>
        <Figure
          value={formatDuration(m.leadTime.medianSeconds)}
          detail={`median of ${m.leadTime.samples}`}
        />
      </TableCell>
      <TableCell>
        <Figure
          value={formatRate(m.changeFailureRate)}
          detail={`${m.failedChanges} of ${plural(m.changes, 'change')}`}
        />
      </TableCell>
      <TableCell>
        <Figure
          value={formatDuration(m.timeToRestore.medianSeconds)}
          detail={
            m.timeToRestore.ongoing
              ? `${plural(m.timeToRestore.samples, 'restore')}, ${
                  m.timeToRestore.ongoing
                } ongoing`
              : plural(m.timeToRestore.samples, 'restore')
          }
        />
      </TableCell>
    </>
  );
}

/** The header cells matching {@link DeliveryMetricsCells}. */
export function DeliveryMetricsHeadCells() {
  return (
    <>
      <TableCell>Deployment frequency</TableCell>
      <TableCell>Lead time</TableCell>
      <TableCell>Change failure rate</TableCell>
      <TableCell>Time to restore</TableCell>
    </>
  );
}

/** The delivery metrics of each environment, one row each. */
export function DeliveryMetricsTable(props: {
  environments: DeliveryMetrics[];
  windowDays: number;
  title?: (environment: string) => string;
}) {
  return (
    <Table size="small" aria-label="Delivery metrics">
      <WordWrapTableHead>
        <TableRow>
          <TableCell>Environment</TableCell>
          <DeliveryMetricsHeadCells />
        </TableRow>
      </WordWrapTableHead>
      <TableBody>
        {props.environments.map(m => (
          <TableRow key={m.environment}>
            <TableCell component="th" scope="row" style={wrapAtWords}>
              {props.title?.(m.environment) ?? m.environment}
            </TableCell>
            <DeliveryMetricsCells metrics={m} windowDays={props.windowDays} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
