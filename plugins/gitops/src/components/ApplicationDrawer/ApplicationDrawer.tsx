import { Progress } from '@backstage/core-components';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import Drawer from '@material-ui/core/Drawer';
import { lazy, Suspense } from 'react';
import type { OperationOptions } from '../../hooks/useOperation';

// the details (tabs, diffs, manifests, logs, operation dialogs) load when an
// application is first opened, not with the page that lists it
const ApplicationDetails = lazy(() =>
  import('./ApplicationDetails').then(m => ({ default: m.ApplicationDetails })),
);

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
        <Suspense fallback={<Progress />}>
          <ApplicationDetails
            key={application.key}
            entityRef={entityRef}
            initial={application}
            onClose={onClose}
            onChanged={onChanged}
            operationOptions={operationOptions}
          />
        </Suspense>
      )}
    </Drawer>
  );
}
