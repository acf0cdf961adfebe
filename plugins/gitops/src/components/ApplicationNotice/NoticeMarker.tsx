import type {
  ApplicationNotice,
  NoticeSeverity,
} from '@gitops-suite/plugin-gitops-common';
import IconButton from '@material-ui/core/IconButton';
import Tooltip from '@material-ui/core/Tooltip';
import ErrorIcon from '@material-ui/icons/Error';
import InfoIcon from '@material-ui/icons/Info';
import WarningIcon from '@material-ui/icons/Warning';

const ICONS: Record<NoticeSeverity, typeof InfoIcon> = {
  info: InfoIcon,
  warning: WarningIcon,
  critical: ErrorIcon,
};

const COLORS: Record<NoticeSeverity, 'primary' | 'error' | 'action'> = {
  info: 'primary',
  warning: 'action',
  critical: 'error',
};

/** Argo CD shows at most this much of a notice on hover. */
const TOOLTIP_LENGTH = 200;

/**
 * The marker of an application's notice where it is listed (table,
 * matrix): an icon by severity, the notice on hover. None for a notice
 * scoped to the banner only.
 */
export function NoticeMarker(props: { notice?: ApplicationNotice }) {
  const { notice } = props;
  if (!notice || notice.scope === 'banner') return null;
  const Icon = ICONS[notice.severity];
  const text =
    notice.content.length > TOOLTIP_LENGTH
      ? `${notice.content.slice(0, TOOLTIP_LENGTH - 1)}…`
      : notice.content;
  return (
    // a button (a toggletip): reachable by keyboard, its tooltip shows on
    // focus, and a screen reader reads the notice as its name
    <Tooltip title={text}>
      <IconButton
        size="small"
        disableRipple
        aria-label={`Notice (${notice.severity}): ${text}`}
        style={{ padding: 0, verticalAlign: 'middle', fontSize: 'inherit' }}
      >
        <Icon aria-hidden color={COLORS[notice.severity]} fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
