import type { SvgIconProps } from '@material-ui/core/SvgIcon';
import AccountCircleIcon from '@material-ui/icons/AccountCircle';
import DeviceHubIcon from '@material-ui/icons/DeviceHub';
import FolderOpenIcon from '@material-ui/icons/FolderOpen';
import InsertDriveFileIcon from '@material-ui/icons/InsertDriveFile';
import LanguageIcon from '@material-ui/icons/Language';
import LayersIcon from '@material-ui/icons/Layers';
import MemoryIcon from '@material-ui/icons/Memory';
import ScheduleIcon from '@material-ui/icons/Schedule';
import SdStorageIcon from '@material-ui/icons/SdStorage';
import SecurityIcon from '@material-ui/icons/Security';
import SettingsIcon from '@material-ui/icons/Settings';
import SettingsEthernetIcon from '@material-ui/icons/SettingsEthernet';
import StorageIcon from '@material-ui/icons/Storage';
import UnfoldMoreIcon from '@material-ui/icons/UnfoldMore';
import ViewModuleIcon from '@material-ui/icons/ViewModule';
import VpnKeyIcon from '@material-ui/icons/VpnKey';
import { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  Deployment: LayersIcon,
  StatefulSet: StorageIcon,
  DaemonSet: DeviceHubIcon,
  ReplicaSet: ViewModuleIcon,
  Pod: MemoryIcon,
  Service: SettingsEthernetIcon,
  Ingress: LanguageIcon,
  ConfigMap: SettingsIcon,
  Secret: VpnKeyIcon,
  Job: ScheduleIcon,
  CronJob: ScheduleIcon,
  PersistentVolumeClaim: SdStorageIcon,
  HorizontalPodAutoscaler: UnfoldMoreIcon,
  Namespace: FolderOpenIcon,
  ServiceAccount: AccountCircleIcon,
  Role: SecurityIcon,
  RoleBinding: SecurityIcon,
  ClusterRole: SecurityIcon,
  ClusterRoleBinding: SecurityIcon,
};

/** An icon for a Kubernetes kind. */
export function KindIcon(props: { kind: string } & SvgIconProps) {
  const { kind, ...rest } = props;
  const Icon = ICONS[kind] ?? InsertDriveFileIcon;
  return <Icon titleAccess={kind} fontSize="small" {...rest} />;
}
