import { Table } from '@backstage/core-components';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { useMemo } from 'react';
import { columns, toRow } from './columns';

/**
 * Every application of an entity: sortable, searchable and filterable by
 * environment, agent, sync and health; a row opens the application.
 */
export function ApplicationsTable(props: {
  applications: GitOpsApplication[];
  onSelect: (app: GitOpsApplication) => void;
}) {
  const { applications, onSelect } = props;
  const rows = useMemo(() => applications.map(toRow), [applications]);
  return (
    <Table
      title={`Applications (${rows.length})`}
      columns={columns}
      data={rows}
      onRowClick={(_event, row) => row && onSelect(row)}
      options={{
        paging: rows.length > 20,
        pageSize: 20,
        padding: 'dense',
        search: true,
      }}
      filters={[
        { column: 'Environment', type: 'multiple-select' },
        { column: 'Agent', type: 'multiple-select' },
        { column: 'Sync', type: 'multiple-select' },
        { column: 'Health', type: 'multiple-select' },
      ]}
    />
  );
}
