import { StructuredMetadataTable } from '@backstage/core-components';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { formatTimestamp } from '../../lib/timeSince';
import { OperationPhaseChip } from '../StatusChips';

/** The current or last operation of an application, with its message. */
export function OperationTab(props: { application: GitOpsApplication }) {
  const { operation } = props.application;
  if (!operation) {
    return (
      <Typography color="textSecondary">No operation has run yet.</Typography>
    );
  }
  return (
    <Box>
      <Box display="flex" alignItems="center" mb={1} style={{ gap: 8 }}>
        <OperationPhaseChip
          phase={operation.phase}
          message={operation.message}
        />
        {operation.dryRun && <Typography variant="caption">dry run</Typography>}
      </Box>
      {operation.message && (
        <Typography variant="body2" paragraph>
          {operation.message}
        </Typography>
      )}
      <StructuredMetadataTable
        metadata={{
          revision:
            shortRevision(operation.revision ?? operation.revisions?.[0]) ??
            '—',
          'initiated by': operation.initiatedBy ?? '—',
          started: formatTimestamp(operation.startedAt) || '—',
          finished: formatTimestamp(operation.finishedAt) || '—',
          retries: operation.retryCount ?? 0,
        }}
      />
    </Box>
  );
}
