import Box from '@material-ui/core/Box';
import LinearProgress from '@material-ui/core/LinearProgress';
import Alert from '@material-ui/lab/Alert';
import type { OperationStatus } from '../../hooks/useOperation';

const VERBS = { refresh: 'Refresh', sync: 'Sync', rollback: 'Rollback' };

const OUTCOMES = {
  succeeded: { severity: 'success', outcome: 'succeeded' },
  failed: { severity: 'error', outcome: 'failed' },
  timeout: { severity: 'warning', outcome: 'is taking long' },
} as const;

/** Where the operation started from the UI stands, with the agent's message. */
export function OperationProgress(props: {
  status?: OperationStatus;
  onClose?: () => void;
}) {
  const { status, onClose } = props;
  if (!status) {
    return null;
  }
  const verb = `${VERBS[status.kind]}${status.dryRun ? ' (dry run)' : ''}`;
  if (status.state === 'running') {
    return (
      <Box my={1} role="status" aria-live="polite">
        <Alert severity="info">
          {verb} running{status.message ? `: ${status.message}` : '…'}
        </Alert>
        <LinearProgress aria-label={`${verb} in progress`} />
      </Box>
    );
  }
  const { severity, outcome } = OUTCOMES[status.state];
  // Argo CD words a dry run that went through as "successfully synced":
  // say what it means instead, that nothing was applied
  const message =
    status.dryRun && status.state === 'succeeded'
      ? 'nothing was applied to the cluster'
      : status.message;
  return (
    <Box my={1} role="status" aria-live="polite">
      <Alert severity={severity} onClose={onClose}>
        {verb} {outcome}
        {message ? `: ${message}` : ''}
      </Alert>
    </Box>
  );
}
