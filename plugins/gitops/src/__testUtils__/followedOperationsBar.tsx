import type {
  EntityApplicationRef,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { OperationsBar } from '../components/ApplicationOperations/OperationsBar';
import { useApplicationDetails } from '../hooks/useApplicationDetails';
import type { OperationOptions } from '../hooks/useOperation';

/**
 * The operations bar as the application drawer wires it: on the
 * application as its one follower (`useApplicationDetails`) reads it.
 */
export function FollowedOperationsBar(props: {
  app: EntityApplicationRef;
  initial: GitOpsApplication;
  onSettled?: () => void;
  options?: Pick<OperationOptions, 'pollIntervalMs' | 'timeoutMs'>;
}) {
  const { app, initial, onSettled, options } = props;
  const details = useApplicationDetails(app, {
    busyIntervalMs: options?.pollIntervalMs,
  });
  return (
    <OperationsBar
      app={app}
      application={details.value ?? initial}
      onStarted={details.retry}
      onSettled={onSettled}
      options={options}
    />
  );
}
