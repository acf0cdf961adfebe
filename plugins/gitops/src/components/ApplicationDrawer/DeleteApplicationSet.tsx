import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  gitopsApplicationSetDeletePermission,
  type GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import DialogContent from '@material-ui/core/DialogContent';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import DeleteIcon from '@material-ui/icons/Delete';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import { gitopsApiRef } from '../../api';
import { useEntityOwners } from '../../hooks/useEntityOwners';
import {
  ConfirmActions,
  OperationDialog,
} from '../ApplicationOperations/OperationDialog';
import { permissionReason } from '../ApplicationOperations/permissionReason';

/**
 * Deletes an ApplicationSet, for its owners: disabled with the reason for
 * anyone else, and confirmed by typing the set's name, since the agent
 * deletes the applications it generated with it. The backend decides again
 * (every entity that claims the set, and where its applications run).
 */
export function DeleteApplicationSet(props: {
  entityRef: string;
  set: GitOpsApplicationSet;
  onDeleted: () => void;
}) {
  const { entityRef, set, onDeleted } = props;
  const api = useApi(gitopsApiRef);
  const alerts = useApi(alertApiRef);
  const permission = usePermission({
    permission: gitopsApplicationSetDeletePermission,
    resourceRef: entityRef,
  });
  const owners = useEntityOwners(entityRef);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const reasonId = `delete-appset-${set.agentId}-${set.name}`;
  const denied = !permission.loading && !permission.allowed;

  const close = () => {
    setOpen(false);
    setTyped('');
    setError(undefined);
  };
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.deleteApplicationSet(set.agentId, set.name);
      alerts.post({
        message: `ApplicationSet ${set.name} deleted`,
        severity: 'success',
        display: 'transient',
      });
      close();
      onDeleted();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box mt={2}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DeleteIcon />}
        disabled={!permission.allowed}
        aria-describedby={denied ? reasonId : undefined}
        onClick={() => setOpen(true)}
      >
        Delete ApplicationSet
      </Button>
      {denied && (
        <Typography id={reasonId} variant="caption" color="textSecondary">
          {' '}
          {permissionReason(entityRef, 'delete the ApplicationSets of', owners)}
        </Typography>
      )}
      <OperationDialog
        open={open}
        onClose={close}
        titleId="gitops-delete-appset-title"
        title={<>Delete ApplicationSet {set.name}</>}
        maxWidth="sm"
      >
        <DialogContent>
          <Typography paragraph>
            The agent deletes the {set.applications.length} application
            {set.applications.length === 1 ? '' : 's'} it generated
            {set.applications.length ? `: ${set.applications.join(', ')}` : ''},
            unless the set preserves its resources on deletion.
          </Typography>
          <TextField
            id={`${reasonId}-confirm`}
            fullWidth
            label={`Type ${set.name} to confirm`}
            value={typed}
            onChange={e => setTyped(e.target.value)}
          />
          {error && (
            <Box mt={2}>
              <Alert severity="error">{error}</Alert>
            </Box>
          )}
        </DialogContent>
        <ConfirmActions
          onCancel={close}
          confirmLabel="Delete"
          color="secondary"
          disabled={busy || typed !== set.name}
          onConfirm={confirm}
        />
      </OperationDialog>
    </Box>
  );
}
