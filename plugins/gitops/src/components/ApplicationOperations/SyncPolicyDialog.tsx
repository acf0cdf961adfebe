import { useApi } from '@backstage/core-plugin-api';
import type {
  AutomatedSyncPolicy,
  EntityApplicationRef,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import DialogContent from '@material-ui/core/DialogContent';
import DialogContentText from '@material-ui/core/DialogContentText';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormGroup from '@material-ui/core/FormGroup';
import FormHelperText from '@material-ui/core/FormHelperText';
import Switch from '@material-ui/core/Switch';
import TextField from '@material-ui/core/TextField';
import TuneIcon from '@material-ui/icons/Tune';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import { gitopsApiRef } from '../../api';
import { errorMessage } from '../../lib/errorMessage';
import { OperationButton } from './OperationButton';
import { ConfirmActions, OperationDialog } from './OperationDialog';

/** The longest reason the backend keeps. */
const MAX_REASON = 500;

const SWITCHES: Array<{
  key: keyof AutomatedSyncPolicy;
  label: string;
  help: string;
}> = [
  {
    key: 'automated',
    label: 'Automated sync',
    help: 'The agent syncs whenever Git changes.',
  },
  {
    key: 'prune',
    label: 'Prune',
    help: 'Automated syncs delete resources no longer in Git.',
  },
  {
    key: 'selfHeal',
    label: 'Self-heal',
    help: 'Automated syncs undo changes made in the cluster.',
  },
];

const onOff = (value: boolean) => (value ? 'on' : 'off');

/** The policy as the agent keeps it: prune and self-heal only with automated. */
function effective(policy: AutomatedSyncPolicy): AutomatedSyncPolicy {
  const { automated } = policy;
  return {
    automated,
    prune: automated && policy.prune,
    selfHeal: automated && policy.selfHeal,
  };
}

/** What saving changes, in words ("Automated sync on → off"). */
function changes(before: AutomatedSyncPolicy, after: AutomatedSyncPolicy) {
  return SWITCHES.filter(({ key }) => before[key] !== after[key]).map(
    ({ key, label }) => `${label} ${onOff(before[key])} → ${onOff(after[key])}`,
  );
}

/**
 * Turns an application's automated sync, prune and self-heal on or off,
 * with a reason the audit keeps. The confirm button names what changes.
 */
export function SyncPolicyDialog(props: {
  open: boolean;
  app: EntityApplicationRef;
  application: GitOpsApplication;
  onClose: () => void;
  /** Called once the agent has the new policy (re-read the application). */
  onSaved: () => void;
}) {
  const { open, app, application, onClose, onSaved } = props;
  const api = useApi(gitopsApiRef);
  const current = effective(application.syncPolicy);
  const [policy, setPolicy] = useState<AutomatedSyncPolicy>(current);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const after = effective(policy);
  const changed = changes(current, after);
  const reasonMissing = reason.trim() === '';
  const titleId = 'gitops-sync-policy-title';

  const close = () => {
    setPolicy(current);
    setReason('');
    setTouched(false);
    setError(undefined);
    onClose();
  };

  const save = async () => {
    setTouched(true);
    if (reasonMissing || changed.length === 0) return;
    setPending(true);
    setError(undefined);
    try {
      await api.updateSyncPolicy(app, { ...after, reason: reason.trim() });
      close();
      onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  let confirmLabel = 'Save sync policy';
  if (current.automated && !after.automated)
    confirmLabel = 'Pause automated sync';
  else if (!current.automated && after.automated) {
    confirmLabel = 'Turn automated sync on';
  }

  return (
    <OperationDialog
      open={open}
      onClose={close}
      titleId={titleId}
      title={`Sync policy of ${application.name}`}
      maxWidth="sm"
    >
      <DialogContent>
        <FormGroup>
          {SWITCHES.map(({ key, label, help }) => {
            const needsAutomated = key !== 'automated' && !policy.automated;
            return (
              <div key={key}>
                <FormControlLabel
                  label={label}
                  control={
                    <Switch
                      color="primary"
                      checked={after[key]}
                      disabled={needsAutomated || pending}
                      onChange={(_, checked) =>
                        setPolicy(p => ({ ...p, [key]: checked }))
                      }
                      inputProps={{
                        'aria-describedby': `sync-policy-help-${key}`,
                      }}
                    />
                  }
                />
                <FormHelperText id={`sync-policy-help-${key}`}>
                  {needsAutomated
                    ? `${help} Applies only while automated sync is on.`
                    : help}
                </FormHelperText>
              </div>
            );
          })}
        </FormGroup>
        <TextField
          id="sync-policy-reason"
          label="Reason"
          required
          fullWidth
          multiline
          margin="normal"
          value={reason}
          disabled={pending}
          onChange={e => setReason(e.target.value.slice(0, MAX_REASON))}
          onBlur={() => setTouched(true)}
          error={touched && reasonMissing}
          helperText={
            touched && reasonMissing
              ? 'Say why the sync policy changes; the audit keeps it.'
              : 'Kept in the audit with the change.'
          }
        />
        <DialogContentText role="status">
          {changed.length > 0
            ? `Saving changes: ${changed.join(', ')}.`
            : 'Nothing changes yet.'}
          {current.automated && !after.automated
            ? ' The agent stops syncing from Git until automated sync is turned on again.'
            : ''}
        </DialogContentText>
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <ConfirmActions
        onCancel={close}
        confirmLabel={confirmLabel}
        color="primary"
        disabled={pending || changed.length === 0 || reasonMissing}
        onConfirm={save}
      />
    </OperationDialog>
  );
}

/**
 * Why the sync policy cannot be changed here: an ApplicationSet generated
 * the application (the set would put it back), or the user may not.
 */
export function syncPolicyBlocked(
  application: GitOpsApplication,
  deniedReason: string | undefined,
): string | undefined {
  if (application.applicationSet) {
    return `${application.name} is generated by ApplicationSet ${application.applicationSet}, which would put its sync policy back; change the set's template instead.`;
  }
  return deniedReason;
}

/**
 * The "Sync policy" button and its dialog; disabled, with the reason as
 * its tooltip and description, when the policy cannot be changed here.
 */
export function SyncPolicyButton(props: {
  app: EntityApplicationRef;
  application: GitOpsApplication;
  /** Why the user may not change the policy; undefined when they may. */
  deniedReason?: string;
  disabled?: boolean;
  onSaved: () => void;
}) {
  const { app, application, deniedReason, disabled, onSaved } = props;
  const [open, setOpen] = useState(false);
  const blocked = syncPolicyBlocked(application, deniedReason);
  return (
    <>
      <OperationButton
        label="Sync policy"
        icon={<TuneIcon />}
        reason={blocked}
        busy={disabled}
        onClick={() => setOpen(true)}
      />
      {open && (
        <SyncPolicyDialog
          open
          app={app}
          application={application}
          onClose={() => setOpen(false)}
          onSaved={onSaved}
        />
      )}
    </>
  );
}
