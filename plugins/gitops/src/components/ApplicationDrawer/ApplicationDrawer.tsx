import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import Drawer from '@material-ui/core/Drawer';
import type { OperationOptions } from '../../hooks/useOperation';
import { ApplicationDetails } from './ApplicationDetails';

/** A side panel with one application's details; closed without one. */
export function ApplicationDrawer(props: {
  entityRef: string;
  application?: GitOpsApplication;
  onClose: () => void;
  onChanged?: () => void;
  operationOptions?: Pick<OperationOptions, 'pollIntervalMs' | 'timeoutMs'>;
}) {
  const { entityRef, application, onClose, onChanged, operationOptions } =
    props;
  return (
    <Drawer anchor="right" open={Boolean(application)} onClose={onClose}>
      {application && (
        <ApplicationDetails
          key={application.key}
          entityRef={entityRef}
          initial={application}
          onClose={onClose}
          onChanged={onChanged}
          operationOptions={operationOptions}
        />
      )}
    </Drawer>
  );
}
