import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import HistoryIcon from '@material-ui/icons/History';
import SyncIcon from '@material-ui/icons/Sync';
import { useState } from 'react';
import type { ApplicationRef } from '../../api';
import { useGitOpsPermissions } from '../../hooks/useGitOpsPermissions';
import { OperationOptions, useOperation } from '../../hooks/useOperation';
import { OperationProgress } from './OperationProgress';
import { RefreshButtons } from './RefreshButtons';
import { RollbackDialog } from './RollbackDialog';
import { SyncDialog } from './SyncDialog';

/**
 * Refresh, sync and rollback for one application, each shown only when the
 * user holds its permission on the entity; follows a started operation to
 * its end and shows the agent's message.
 */
export function OperationsBar(props: {
  app: ApplicationRef;
  application: GitOpsApplication;
  onSettled?: () => void;
  options?: Omit<OperationOptions, 'onSettled'>;
}) {
  const { app, application, onSettled, options } = props;
  const permissions = useGitOpsPermissions(app.entityRef);
  const operation = useOperation(app, application, { ...options, onSettled });
  const [dialog, setDialog] = useState<'sync' | 'rollback' | undefined>();
  const busy = operation.running || application.operation?.phase === 'Running';
  const any =
    permissions.canRefresh || permissions.canSync || permissions.canRollback;

  return (
    <Box>
      {any && (
        <Box
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          style={{ gap: 8 }}
        >
          {permissions.canRefresh && (
            <RefreshButtons
              disabled={operation.running}
              onRefresh={operation.refresh}
            />
          )}
          {permissions.canSync && (
            <Button
              size="small"
              variant="contained"
              color="primary"
              startIcon={<SyncIcon />}
              disabled={busy}
              onClick={() => setDialog('sync')}
            >
              Sync
            </Button>
          )}
          {permissions.canRollback && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<HistoryIcon />}
              disabled={busy || application.history.length < 2}
              onClick={() => setDialog('rollback')}
            >
              Rollback
            </Button>
          )}
        </Box>
      )}
      <OperationProgress
        status={operation.status}
        onClose={operation.running ? undefined : operation.reset}
      />
      <SyncDialog
        open={dialog === 'sync'}
        app={app}
        application={application}
        onClose={() => setDialog(undefined)}
        onConfirm={operation.sync}
      />
      <RollbackDialog
        open={dialog === 'rollback'}
        application={application}
        onClose={() => setDialog(undefined)}
        onConfirm={operation.rollback}
      />
    </Box>
  );
}
