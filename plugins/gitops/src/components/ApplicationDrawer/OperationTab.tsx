import { StructuredMetadataTable } from '@backstage/core-components';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { formatTimestamp } from '../../lib/timeSince';
import { OperationPhaseChip } from '../StatusChips';

type Operation = NonNullable<GitOpsApplication['operation']>;

/** How the operation applies: Argo CD's APPLY ONLY and FORCE. */
function strategyOf(operation: Operation): string | undefined {
  const parts = [
    operation.applyOnly && 'apply only (no hooks)',
    operation.force && 'force',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

/** "up to 2 times, backoff 5s × 2 up to 3m" */
function retryOf(retry: Operation['retry']): string | undefined {
  if (!retry) return undefined;
  const times = `up to ${retry.limit} ${retry.limit === 1 ? 'time' : 'times'}`;
  const { duration, factor, maxDuration } = retry.backoff ?? {};
  const backoff = [
    duration,
    factor !== undefined && `× ${factor}`,
    maxDuration && `up to ${maxDuration}`,
  ].filter(Boolean);
  return backoff.length ? `${times}, backoff ${backoff.join(' ')}` : times;
}

/**
 * The current or last operation of an application, with its message and
 * the sync options, strategy and retry it was asked for.
 */
export function OperationTab(props: { application: GitOpsApplication }) {
  const { operation } = props.application;
  if (!operation) {
    return (
      <Typography color="textSecondary">No operation has run yet.</Typography>
    );
  }
  const strategy = strategyOf(operation);
  const retry = retryOf(operation.retry);
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
          ...(operation.syncOptions?.length && {
            'sync options': operation.syncOptions.join(', '),
          }),
          ...(strategy && { strategy }),
          ...(retry && { retry }),
        }}
      />
    </Box>
  );
}
