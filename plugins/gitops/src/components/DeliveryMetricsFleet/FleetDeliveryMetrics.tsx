import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
  Table,
  TableColumn,
  WarningPanel,
} from '@backstage/core-components';
import type {
  DeliveryMetrics,
  FleetApplicationFilter,
} from '@gitops-suite/plugin-gitops-common';
import Grid from '@material-ui/core/Grid';
import { lazy, Suspense, useState } from 'react';
import { useFleetDeliveryMetrics } from '../../hooks/useDeliveryMetrics';
import { useEnvironmentTitles } from '../../hooks/useEnvironmentTitles';
import { hasStatus } from '../../lib/errorMessage';
import { DeliveryMetricsTable } from '../DeliveryMetricsCard';
import {
  formatDuration,
  formatFrequency,
  formatHistory,
  formatHistoryOf,
  formatRate,
} from '../DeliveryMetricsCard/formatMetrics';
import { WindowSelect } from '../DeliveryMetricsCard/WindowSelect';
import { listTableOptions } from '../WordWrapTableHead';

// the chart library loads beside the metrics, not before the fleet page shows
const DeliveryTrendChart = lazy(() =>
  import('./DeliveryTrendChart').then(m => ({ default: m.DeliveryTrendChart })),
);

type Row = DeliveryMetrics & { id: string };

function metricsColumns(
  title: (environment: string) => string,
  windowDays: number,
): TableColumn<Row>[] {
  return [
    { title: 'Service', field: 'service', defaultSort: 'asc' },
    {
      title: 'Environment',
      field: 'environment',
      render: row => title(row.environment),
    },
    {
      title: 'Deployment frequency',
      field: 'deploymentsPerDay',
      render: row =>
        [
          `${formatFrequency(row)} (${row.deployments})`,
          formatHistory(row, windowDays),
        ]
          .filter(Boolean)
          .join('; '),
    },
    {
      title: 'Lead time',
      field: 'leadTime.medianSeconds',
      render: row => formatDuration(row.leadTime.medianSeconds),
    },
    {
      title: 'Change failure rate',
      field: 'changeFailureRate',
      render: row =>
        `${formatRate(row.changeFailureRate)} (${row.failedChanges}/${
          row.changes
        })`,
    },
    {
      title: 'Time to restore',
      field: 'timeToRestore.medianSeconds',
      render: row =>
        row.timeToRestore.ongoing
          ? `${formatDuration(row.timeToRestore.medianSeconds)} (${
              row.timeToRestore.ongoing
            } ongoing)`
          : formatDuration(row.timeToRestore.medianSeconds),
    },
  ];
}

/**
 * Fleet-wide delivery metrics of the applications the fleet filters select:
 * per environment, their trend, and per service and environment (only those
 * with any activity in the window).
 */
export function FleetDeliveryMetrics(props: {
  windowDays?: number;
  filter?: FleetApplicationFilter;
}) {
  const [windowDays, setWindowDays] = useState(props.windowDays ?? 30);
  const { value, loading, error } = useFleetDeliveryMetrics(
    windowDays,
    props.filter,
  );
  const title = useEnvironmentTitles();
  const filtered = Object.values(props.filter ?? {}).some(v =>
    Array.isArray(v) ? v.length > 0 : v !== undefined,
  );
  const select = (
    <WindowSelect
      id="fleet-metrics-window"
      value={windowDays}
      onChange={setWindowDays}
    />
  );

  if (loading) return <Progress />;
  if (error && !value) {
    return hasStatus(error, 403) ? (
      <WarningPanel
        severity="info"
        title="You may not view fleet delivery metrics"
      />
    ) : (
      <ResponseErrorPanel error={error} />
    );
  }
  if (!value) return null;
  const history = formatHistoryOf(value.environments, windowDays);
  const active: Row[] = value.items
    .filter(m => m.changes > 0 || m.timeToRestore.ongoing > 0)
    .map(m => ({ ...m, id: `${m.service}/${m.environment}` }));
  // the metrics table beside the trend only on wide screens: at 1280 and
  // 1500 px half a page squeezes its five columns to a word each
  return (
    <Grid container spacing={3}>
      <Grid item xs={12} xl={6}>
        <InfoCard
          title="Delivery metrics"
          subheader={[
            `Last ${windowDays} days`,
            filtered ? 'applications matching the filters' : 'every service',
            history,
          ]
            .filter(Boolean)
            .join(', ')}
          action={select}
        >
          <DeliveryMetricsTable
            environments={value.environments}
            windowDays={windowDays}
            title={title}
          />
        </InfoCard>
      </Grid>
      <Grid item xs={12} xl={6}>
        <InfoCard
          title="Delivery trend"
          subheader="Deployments and failed changes"
        >
          <Suspense fallback={<Progress />}>
            <DeliveryTrendChart
              environments={value.environments}
              title={title}
            />
          </Suspense>
        </InfoCard>
      </Grid>
      <Grid item xs={12}>
        <Table<Row>
          title="Delivery metrics by service"
          columns={metricsColumns(title, windowDays)}
          data={active}
          options={listTableOptions(active.length)}
          emptyContent={
            <WarningPanel
              severity="info"
              title={`No deployments recorded in the last ${windowDays} days`}
            />
          }
        />
      </Grid>
    </Grid>
  );
}
