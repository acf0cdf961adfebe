import Button from '@material-ui/core/Button';
import ButtonGroup from '@material-ui/core/ButtonGroup';
import RefreshIcon from '@material-ui/icons/Refresh';
import type { RefreshRequest } from '@gitops-suite/plugin-gitops-common';

/** Refresh re-reads Git; hard refresh also regenerates the manifests. */
export function RefreshButtons(props: {
  disabled: boolean;
  /** The id of the text that says why the buttons are disabled. */
  describedBy?: string;
  onRefresh: (request: RefreshRequest) => void;
}) {
  const { disabled, describedBy, onRefresh } = props;
  return (
    <ButtonGroup size="small" variant="outlined" disabled={disabled}>
      <Button
        aria-describedby={describedBy}
        startIcon={<RefreshIcon />}
        onClick={() => onRefresh({ mode: 'normal' })}
      >
        Refresh
      </Button>
      <Button
        aria-describedby={describedBy}
        onClick={() => onRefresh({ mode: 'hard' })}
      >
        Hard refresh
      </Button>
    </ButtonGroup>
  );
}
