import type { TableColumn } from '@backstage/core-components';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { HealthStatusChip } from './HealthStatusChip';

/** The Health column of an application list in Backstage's Table. */
export function healthColumn<
  Row extends Pick<GitOpsApplication, 'health'>,
>(): TableColumn<Row> {
  return {
    title: 'Health',
    field: 'health.status',
    render: row => (
      <HealthStatusChip
        status={row.health.status}
        message={row.health.message}
      />
    ),
  };
}
