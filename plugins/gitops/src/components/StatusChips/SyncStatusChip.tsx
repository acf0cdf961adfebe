import type { SyncStatusCode } from '@gitops-suite/plugin-gitops-common';
import CheckCircleIcon from '@material-ui/icons/CheckCircle';
import ArrowUpwardIcon from '@material-ui/icons/ArrowUpward';
import HelpOutlineIcon from '@material-ui/icons/HelpOutline';
import { SYNC_COLORS } from './statusColors';
import { StatusChip } from './StatusChip';

const ICONS = {
  Synced: CheckCircleIcon,
  OutOfSync: ArrowUpwardIcon,
  Unknown: HelpOutlineIcon,
};

/** An application's or resource's sync status, as Argo CD shows it. */
export function SyncStatusChip(props: {
  status?: SyncStatusCode;
  revision?: string;
}) {
  const status = props.status ?? 'Unknown';
  const Icon = ICONS[status] ?? HelpOutlineIcon;
  return (
    <StatusChip
      label={status}
      color={SYNC_COLORS[status] ?? SYNC_COLORS.Unknown}
      icon={<Icon style={{ color: 'inherit' }} fontSize="small" />}
      title={props.revision ? `${status} to ${props.revision}` : status}
    />
  );
}
