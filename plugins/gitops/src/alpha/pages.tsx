import { PageBlueprint } from '@backstage/frontend-plugin-api';
import { gitopsFleetReadPermission } from '@gitops-suite/plugin-gitops-common';
import CloudQueueIcon from '@material-ui/icons/CloudQueue';
import { fleetRouteRef } from './routes';

/**
 * The permission the fleet page needs, as an extension predicate names it
 * (`name#action`): the app asks the permission backend once per session and
 * leaves the page, and with it its nav entry, out when it is denied.
 */
export const FLEET_READ = `${gitopsFleetReadPermission.name}#${gitopsFleetReadPermission.attributes.action}`;

/**
 * The fleet page at `/gitops`, with its nav entry (title and icon), for the
 * users the permission policy lets read the fleet.
 */
export const gitopsFleetPage = PageBlueprint.make({
  if: { permissions: { $contains: FLEET_READ } },
  params: {
    path: '/gitops',
    title: 'GitOps',
    icon: <CloudQueueIcon fontSize="inherit" />,
    routeRef: fleetRouteRef,
    loader: () =>
      import('../components/GitOpsFleetPage').then(m => <m.GitOpsFleetPage />),
  },
});
