import { shortRevision } from '@gitops-suite/plugin-gitops-common';
import type {
  GitOpsApplication,
  RollbackRequest,
} from '@gitops-suite/plugin-gitops-common';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import Typography from '@material-ui/core/Typography';
import { useState } from 'react';
import { historyRevision } from '../../lib/revision';
import { formatTimestamp } from '../../lib/timeSince';
import { OperationFlags } from './OperationFlags';

/** Picks an earlier history entry to roll the application back to. */
export function RollbackDialog(props: {
  open: boolean;
  application: GitOpsApplication;
  onClose: () => void;
  onConfirm: (request: RollbackRequest) => void;
}) {
  const { open, application, onClose, onConfirm } = props;
  const entries = [...application.history].sort((a, b) => b.id - a.id);
  const targets = entries.slice(1);
  const [selected, setSelected] = useState<number | undefined>();
  const [prune, setPrune] = useState(false);
  const [dryRun, setDryRun] = useState(false);
  const choice = selected ?? targets[0]?.id;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="gitops-rollback-title"
    >
      <DialogTitle id="gitops-rollback-title">
        Roll back {application.name}
      </DialogTitle>
      <DialogContent>
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
                label={`#${entry.id} · ${
                  shortRevision(historyRevision(application, entry)) ??
                  'unknown'
                } · ${formatTimestamp(entry.deployedAt)}${
                  entry.initiatedBy ? ` · ${entry.initiatedBy}` : ''
                }`}
              />
            ))}
          </RadioGroup>
        )}
        <OperationFlags
          pruneLabel="Prune"
          prune={prune}
          dryRun={dryRun}
          onPruneChange={setPrune}
          onDryRunChange={setDryRun}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="primary"
          variant="contained"
          disabled={choice === undefined}
          onClick={() => {
            if (choice !== undefined) {
              onClose();
              onConfirm({ id: choice, prune, dryRun });
            }
          }}
        >
          Roll back
        </Button>
      </DialogActions>
    </Dialog>
  );
}
