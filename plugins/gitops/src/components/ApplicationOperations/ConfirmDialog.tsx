import DialogContent from '@material-ui/core/DialogContent';
import DialogContentText from '@material-ui/core/DialogContentText';
import { ConfirmActions, OperationDialog } from './OperationDialog';

/** Asks before an operation runs: what it does, and a button named for it. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { open, title, text, confirmLabel, onClose, onConfirm } = props;
  // one confirmation is open at a time (closed dialogs render nothing)
  const titleId = 'gitops-confirm-title';
  return (
    <OperationDialog
      open={open}
      onClose={onClose}
      titleId={titleId}
      title={title}
      maxWidth="xs"
    >
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <ConfirmActions
        onCancel={onClose}
        confirmLabel={confirmLabel}
        color="secondary"
        onConfirm={() => {
          onClose();
          onConfirm();
        }}
      />
    </OperationDialog>
  );
}
