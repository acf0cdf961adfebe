import type { HealthStatusCode } from '@gitops-suite/plugin-gitops-common';
import FavoriteIcon from '@material-ui/icons/Favorite';
import AutorenewIcon from '@material-ui/icons/Autorenew';
import ErrorIcon from '@material-ui/icons/Error';
import PauseCircleFilledIcon from '@material-ui/icons/PauseCircleFilled';
import ReportProblemIcon from '@material-ui/icons/ReportProblem';
import HelpOutlineIcon from '@material-ui/icons/HelpOutline';
import { HEALTH_COLORS } from './statusColors';
import { StatusChip } from './StatusChip';

const ICONS = {
  Healthy: FavoriteIcon,
  Progressing: AutorenewIcon,
  Degraded: ErrorIcon,
  Suspended: PauseCircleFilledIcon,
  Missing: ReportProblemIcon,
  Unknown: HelpOutlineIcon,
};

/** An application's or resource's health, as Argo CD shows it. */
export function HealthStatusChip(props: {
  status?: HealthStatusCode;
  message?: string;
}) {
  const status = props.status ?? 'Unknown';
  const Icon = ICONS[status] ?? HelpOutlineIcon;
  return (
    <StatusChip
      label={status}
      color={HEALTH_COLORS[status] ?? HEALTH_COLORS.Unknown}
      icon={<Icon style={{ color: 'inherit' }} fontSize="small" />}
      title={props.message ? `${status}: ${props.message}` : status}
    />
  );
}
