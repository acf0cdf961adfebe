import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type {
  ActionBlocker,
  EntityApplicationRef,
  GitOpsApplication,
  RollbackRequest,
} from '@gitops-suite/plugin-gitops-common';
import DialogContent from '@material-ui/core/DialogContent';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import Typography from '@material-ui/core/Typography';
import { useState } from 'react';
import { historyRevision } from '../../lib/revision';
import { ActionBlockerAlerts } from '../ActionBlockers';
import { entryVersions } from '../../lib/rollbackChanges';
import { RollbackPreview } from './RollbackPreview';
import { formatTimestamp } from '../../lib/timeSince';
import { ConfirmActions, OperationDialog } from './OperationDialog';
import { OperationFlags, useOperationFlags } from './OperationFlags';

/** Picks an earlier history entry to roll the application back to. */
export function RollbackDialog(props: {
  open: boolean;
  app: EntityApplicationRef;
  application: GitOpsApplication;
  /** Shown first: a freeze, a failed hydration, a running sync. */
  blockers?: ActionBlocker[];
  onClose: () => void;
  onConfirm: (request: RollbackRequest) => void;
}) {
  const { open, app, application, blockers, onClose, onConfirm } = props;
  const entries = [...application.history].sort((a, b) => b.id - a.id);
  const targets = entries.slice(1);
  const [selected, setSelected] = useState<number | undefined>();
  const flags = useOperationFlags();
  const choice = selected ?? targets[0]?.id;
  const target = targets.find(entry => entry.id === choice);
  return (
    <OperationDialog
      open={open}
      onClose={onClose}
      titleId="gitops-rollback-title"
      title={<>Roll back {application.name}</>}
      maxWidth="sm"
    >
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
        <OperationFlags pruneLabel="Prune" {...flags} />
      </DialogContent>
      <ConfirmActions
        onCancel={onClose}
        confirmLabel="Roll back"
        color="primary"
        disabled={choice === undefined}
        onConfirm={() => {
          if (choice !== undefined) {
            onClose();
            onConfirm({ id: choice, prune: flags.prune, dryRun: flags.dryRun });
          }
        }}
      />
    </OperationDialog>
  );
}
