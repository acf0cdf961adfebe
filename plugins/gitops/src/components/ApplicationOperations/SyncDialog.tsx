import type {
  ActionBlocker,
  EntityApplicationRef,
  GitOpsApplication,
  ResourceRef,
  SyncRequest,
} from '@gitops-suite/plugin-gitops-common';
import DialogContent from '@material-ui/core/DialogContent';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { useEffect, useState } from 'react';
import { useApplicationDiff } from '../../hooks/useApplicationDiff';
import { ActionBlockerAlerts } from '../ActionBlockers';
import { changeOf } from '../ResourceDiff';
import { resourceId } from '../ResourceTree/buildTree';
import { ConfirmActions, OperationDialog } from './OperationDialog';
import { OperationFlags, useOperationFlags } from './OperationFlags';
import { SyncChanges } from './SyncChanges';
import { SyncOptions, useSyncOptions } from './SyncOptions';

function toRef({
  group,
  version,
  kind,
  namespace,
  name,
}: ResourceRef): ResourceRef {
  return { group, version, kind, namespace, name };
}

function SyncDialogBody(props: {
  app: EntityApplicationRef;
  application: GitOpsApplication;
  blockers?: ActionBlocker[];
  onCancel: () => void;
  onConfirm: (request: SyncRequest) => void;
}) {
  const { app, application, blockers, onCancel, onConfirm } = props;
  const diff = useApplicationDiff(app);
  const flags = useOperationFlags(application.syncPolicy.prune);
  const { prune, dryRun } = flags;
  const syncOptions = useSyncOptions(application);
  const [revision, setRevision] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const changes = (diff.value ?? []).filter(d => changeOf(d) !== 'none');

  useEffect(() => {
    setSelected(
      new Set(
        (diff.value ?? []).filter(d => changeOf(d) !== 'none').map(resourceId),
      ),
    );
  }, [diff.value]);

  const toggle = (ref: ResourceRef) =>
    setSelected(current => {
      const next = new Set(current);
      const id = resourceId(ref);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const partial = changes.length > 0 && selected.size < changes.length;
  const confirm = () =>
    onConfirm({
      prune,
      dryRun,
      ...syncOptions.request,
      ...(revision.trim() ? { revision: revision.trim() } : {}),
      ...(partial
        ? {
            resources: changes
              .filter(d => selected.has(resourceId(d)))
              .map(toRef),
          }
        : {}),
    });

  return (
    <>
      <DialogContent>
        <ActionBlockerAlerts blockers={blockers} />
        <Typography variant="subtitle2" gutterBottom>
          What will change
        </Typography>
        <SyncChanges
          diffs={diff.value}
          loading={diff.loading}
          error={diff.error}
          prune={prune}
          selected={selected}
          onToggle={toggle}
        />
        <TextField
          id="gitops-sync-revision"
          label="Revision"
          placeholder={application.sources[0]?.targetRevision ?? 'HEAD'}
          helperText="Leave empty to sync the target revision"
          value={revision}
          onChange={event => setRevision(event.target.value)}
          fullWidth
          margin="dense"
        />
        <OperationFlags
          pruneLabel="Prune resources no longer in Git"
          {...flags}
        />
        <SyncOptions {...syncOptions} />
      </DialogContent>
      <ConfirmActions
        onCancel={onCancel}
        confirmLabel={dryRun ? 'Dry run' : 'Synchronize'}
        color="primary"
        disabled={partial && selected.size === 0}
        onConfirm={confirm}
      />
    </>
  );
}

/**
 * Sync options as Argo CD's sync panel offers them, and a confirmation
 * listing what the sync will change.
 */
export function SyncDialog(props: {
  open: boolean;
  app: EntityApplicationRef;
  application: GitOpsApplication;
  /** Shown above what will change: a freeze, a failed hydration, a running sync. */
  blockers?: ActionBlocker[];
  onClose: () => void;
  onConfirm: (request: SyncRequest) => void;
}) {
  const { open, app, application, blockers, onClose, onConfirm } = props;
  return (
    <OperationDialog
      open={open}
      onClose={onClose}
      titleId="gitops-sync-title"
      title={<>Sync {application.name}</>}
      maxWidth="sm"
    >
      {open && (
        <SyncDialogBody
          app={app}
          application={application}
          blockers={blockers}
          onCancel={onClose}
          onConfirm={request => {
            onClose();
            onConfirm(request);
          }}
        />
      )}
    </OperationDialog>
  );
}
