import { useApi } from '@backstage/core-plugin-api';
import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type {
  ActionBlocker,
  EntityApplicationRef,
  GitOpsApplication,
  PromotionPullRequest,
  RevertResponse,
  RollbackRequest,
} from '@gitops-suite/plugin-gitops-common';
import Button from '@material-ui/core/Button';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useEffect, useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef } from '../../api';
import { errorMessage } from '../../lib/errorMessage';
import { historyRevision } from '../../lib/revision';
import { ActionBlockerAlerts } from '../ActionBlockers';
import { entryVersions } from '../../lib/rollbackChanges';
import { RollbackPreview } from './RollbackPreview';
import { RevertPreview } from './RevertPreview';
import { RevertResult } from './RevertResult';
import { formatTimestamp } from '../../lib/timeSince';
import { ConfirmActions, OperationDialog } from './OperationDialog';
import { OperationFlags, useOperationFlags } from './OperationFlags';

/** How a rollback is made: a revert pull request in Git, or Argo CD's rollback. */
type RollbackMethod = 'git' | 'argocd';

type OpenedRevert = RevertResponse & { pullRequest: PromotionPullRequest };

/**
 * Picks an earlier history entry to roll the application back to, and how:
 * a revert in Git (a pull request on its source repository that puts back
 * what the entry deployed; merged, the agent syncs it) or Argo CD's own
 * rollback (a sync to the entry, Git left as it is). An application that
 * syncs automatically is rolled back in Git only: Argo CD refuses its
 * rollback, and automated sync would put Git's state back at once. The
 * revert shows what its pull request changes before it is opened, then
 * links the pull request and merges it (asking first).
 */
export function RollbackDialog(props: {
  open: boolean;
  app: EntityApplicationRef;
  application: GitOpsApplication;
  /** Shown first: a freeze, a failed hydration, a running sync. */
  blockers?: ActionBlocker[];
  onClose: () => void;
  /** Argo CD's rollback, confirmed. */
  onConfirm: (request: RollbackRequest) => void;
  /** A revert pull request was merged (re-read the application). */
  onMerged?: () => void;
}) {
  const { open, app, application, blockers, onClose, onConfirm, onMerged } =
    props;
  const api = useApi(gitopsApiRef);
  const entries = [...application.history].sort((a, b) => b.id - a.id);
  const targets = entries.slice(1);
  const automated = Boolean(application.syncPolicy.automated);
  const [selected, setSelected] = useState<number | undefined>();
  const [chosen, setChosen] = useState<RollbackMethod>('argocd');
  const [reason, setReason] = useState('');
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | undefined>();
  const [opened, setOpened] = useState<OpenedRevert | undefined>();
  const flags = useOperationFlags();
  const choice = selected ?? targets[0]?.id;
  const target = targets.find(entry => entry.id === choice);
  const method: RollbackMethod = automated ? 'git' : chosen;
  // a new dialog starts over
  useEffect(() => {
    if (!open) {
      setOpened(undefined);
      setOpenError(undefined);
      setReason('');
    }
  }, [open]);
  const preview = useAsync(async () => {
    if (!open || method !== 'git' || choice === undefined) return undefined;
    return api.revertApplication(app, { id: choice, dryRun: true });
  }, [open, method, choice, app.agentId, app.name, app.namespace]);
  const previewError = preview.error ? errorMessage(preview.error) : undefined;

  const openPullRequest = async () => {
    if (choice === undefined) return;
    setOpening(true);
    setOpenError(undefined);
    try {
      const answer = await api.revertApplication(app, {
        id: choice,
        ...(reason.trim() && { reason: reason.trim() }),
      });
      if (answer.pullRequest) {
        setOpened(answer as OpenedRevert);
      }
    } catch (e) {
      setOpenError(errorMessage(e));
    } finally {
      setOpening(false);
    }
  };

  const title = <>Roll back {application.name}</>;
  return (
    <OperationDialog
      open={open}
      onClose={onClose}
      titleId="gitops-rollback-title"
      title={title}
      maxWidth="sm"
    >
      {/* once opened, the pull request; until then, the choice */}
      {opened ? (
        <>
          <DialogContent>
            <RevertResult
              entityRef={app.entityRef}
              applicationName={application.name}
              automated={automated}
              result={opened}
              onMerged={onMerged}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent>
            <ActionBlockerAlerts blockers={blockers} />
            {targets.length === 0 ? (
              <Typography color="textSecondary">
                No earlier deployment to roll back to.
              </Typography>
            ) : (
              <RadioGroup
                aria-label="History entry"
                value={String(choice)}
                onChange={event => setSelected(Number(event.target.value))}
              >
                {targets.map(entry => (
                  <FormControlLabel
                    key={entry.id}
                    value={String(entry.id)}
                    control={<Radio />}
                    label={[
                      `#${entry.id}`,
                      shortRevision(historyRevision(application, entry)) ??
                        'unknown',
                      ...entryVersions(entry),
                      formatTimestamp(entry.deployedAt),
                      ...(entry.initiatedBy ? [entry.initiatedBy] : []),
                    ].join(' · ')}
                  />
                ))}
              </RadioGroup>
            )}
            {target && (
              <RollbackPreview
                app={app}
                application={application}
                target={target}
              />
            )}
            {target && automated && (
              <Alert severity="info" id="gitops-rollback-in-git">
                {application.name} syncs automatically, so it is rolled back in
                Git: Argo CD refuses to roll back an application with automated
                sync on, and automated sync would put Git’s state back at once.
                A pull request puts back what #{target.id} deployed; once it is
                merged, the agent syncs it.
              </Alert>
            )}
            {target && !automated && (
              <RadioGroup
                aria-label="How to roll back"
                value={chosen}
                onChange={event =>
                  setChosen(event.target.value as RollbackMethod)
                }
              >
                <FormControlLabel
                  value="argocd"
                  control={<Radio />}
                  label="Argo CD rollback: sync what the entry deployed now; Git keeps the newer state"
                />
                <FormControlLabel
                  value="git"
                  control={<Radio />}
                  label="Revert in Git: a pull request that puts back what the entry deployed; merged and synced, Git and the cluster agree"
                />
              </RadioGroup>
            )}
            {target && method === 'git' && (
              <>
                <RevertPreview
                  historyId={target.id}
                  loading={preview.loading}
                  error={previewError}
                  preview={preview.value}
                />
                <TextField
                  id="gitops-revert-reason"
                  label="Reason (optional)"
                  helperText="Written into the pull request and kept in the audit"
                  fullWidth
                  margin="dense"
                  value={reason}
                  inputProps={{ maxLength: 500 }}
                  onChange={event => setReason(event.target.value)}
                />
                {openError && <Alert severity="error">{openError}</Alert>}
              </>
            )}
            {method === 'argocd' && (
              <OperationFlags pruneLabel="Prune" {...flags} />
            )}
          </DialogContent>
          {method === 'git' ? (
            <ConfirmActions
              onCancel={onClose}
              confirmLabel={opening ? 'Opening…' : 'Open pull request'}
              color="primary"
              disabled={
                choice === undefined ||
                opening ||
                preview.loading ||
                Boolean(previewError)
              }
              onConfirm={openPullRequest}
            />
          ) : (
            <ConfirmActions
              onCancel={onClose}
              confirmLabel="Roll back"
              color="primary"
              disabled={choice === undefined}
              onConfirm={() => {
                if (choice !== undefined) {
                  onClose();
                  onConfirm({
                    id: choice,
                    prune: flags.prune,
                    dryRun: flags.dryRun,
                  });
                }
              }}
            />
          )}
        </>
      )}
    </OperationDialog>
  );
}
