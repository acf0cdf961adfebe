import { useApi } from '@backstage/core-plugin-api';
import type {
  EntityApplicationRef,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import StopIcon from '@material-ui/icons/Stop';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import { gitopsApiRef } from '../../api';
import { errorMessage } from '../../lib/errorMessage';
import { ConfirmDialog } from './ConfirmDialog';
import { OperationButton } from './OperationButton';

/**
 * Stops the application's running operation, after asking. Disabled, with
 * the reason as its tooltip, when nothing runs or the user may not.
 */
export function TerminateButton(props: {
  app: EntityApplicationRef;
  application: GitOpsApplication;
  /** Why the user may not terminate; undefined when they may. */
  deniedReason?: string;
  onTerminated?: () => void;
}) {
  const { app, application, deniedReason, onTerminated } = props;
  const api = useApi(gitopsApiRef);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<
    { severity: 'success' | 'error'; message: string } | undefined
  >();
  const phase = application.operation?.phase;
  let reason = deniedReason;
  if (!reason && phase === 'Terminating') {
    reason = 'The operation is already terminating.';
  } else if (!reason && phase !== 'Running') {
    reason = 'No operation is running.';
  }

  const terminate = async () => {
    setPending(true);
    setResult(undefined);
    try {
      await api.terminateOperation(app);
      setResult({
        severity: 'success',
        message: `Termination of the running operation of ${application.name} requested.`,
      });
      onTerminated?.();
    } catch (error) {
      setResult({ severity: 'error', message: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <OperationButton
        label="Terminate"
        icon={<StopIcon />}
        reason={reason}
        busy={pending}
        onClick={() => setConfirming(true)}
      />
      {result && (
        <Alert
          severity={result.severity}
          onClose={() => setResult(undefined)}
          style={{ flexBasis: '100%' }}
        >
          {result.message}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Terminate the operation of ${application.name}?`}
        text="The running sync stops where it is: what it applied so far stays applied, and the operation ends as failed."
        confirmLabel="Terminate"
        onClose={() => setConfirming(false)}
        onConfirm={terminate}
      />
    </>
  );
}
