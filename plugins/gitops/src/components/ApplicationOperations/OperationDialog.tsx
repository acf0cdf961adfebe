import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogTitle from '@material-ui/core/DialogTitle';
import type { ReactNode } from 'react';

/** A dialog named by its title; `children` are its content and actions. */
export function OperationDialog(props: {
  open: boolean;
  onClose: () => void;
  /** The id of the title, which names the dialog. */
  titleId: string;
  title: ReactNode;
  maxWidth: 'xs' | 'sm';
  children: ReactNode;
}) {
  const { open, onClose, titleId, title, maxWidth, children } = props;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/** Cancel, and the button that confirms, named for what it does. */
export function ConfirmActions(props: {
  onCancel: () => void;
  confirmLabel: ReactNode;
  /** Secondary for what cannot be undone (terminate, delete). */
  color: 'primary' | 'secondary';
  disabled?: boolean;
  onConfirm: () => void;
}) {
  const { onCancel, confirmLabel, color, disabled, onConfirm } = props;
  return (
    <DialogActions>
      <Button onClick={onCancel}>Cancel</Button>
      <Button
        color={color}
        variant="contained"
        disabled={disabled}
        onClick={onConfirm}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  );
}
