import Button from '@material-ui/core/Button';
import Tooltip from '@material-ui/core/Tooltip';
import type { ReactElement } from 'react';

/**
 * A small outlined button that starts an operation. With a `reason` it
 * cannot be used: disabled, with the reason as its tooltip and in its name.
 */
export function OperationButton(props: {
  label: string;
  icon: ReactElement;
  /** Why the operation cannot be started; undefined when it can. */
  reason?: string;
  /** Disabled for a while (a request or a permission check under way). */
  busy?: boolean;
  onClick: () => void;
}) {
  const { label, icon, reason, busy, onClick } = props;
  return (
    <Tooltip title={reason ?? ''}>
      <span>
        <Button
          size="small"
          variant="outlined"
          startIcon={icon}
          disabled={Boolean(reason) || busy}
          aria-label={reason ? `${label} (${reason})` : label}
          onClick={onClick}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}
