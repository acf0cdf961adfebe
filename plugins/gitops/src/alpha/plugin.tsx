import {
  ApiBlueprint,
  createFrontendPlugin,
  createRouteRef,
  discoveryApiRef,
  fetchApiRef,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import {
  EntityCardBlueprint,
  EntityContentBlueprint,
} from '@backstage/plugin-catalog-react/alpha';
import { isGitOpsAvailable } from '@gitops-suite/plugin-gitops-common';
import CloudQueueIcon from '@material-ui/icons/CloudQueue';
import { gitopsApiRef, GitOpsClient } from '../api';
import { isGitOpsEnvironment } from '../components/EntityGitOpsEnvironmentContent';

const fleetRouteRef = createRouteRef();

const gitopsApi = ApiBlueprint.make({
  params: defineParams =>
    defineParams({
      api: gitopsApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: ({ discoveryApi, fetchApi }) =>
        new GitOpsClient({ discoveryApi, fetchApi }),
    }),
});

const fleetPage = PageBlueprint.make({
  params: {
    path: '/gitops',
    title: 'GitOps',
    icon: <CloudQueueIcon />,
    routeRef: fleetRouteRef,
    loader: () =>
      import('../components/GitOpsFleetPage').then(m => <m.GitOpsFleetPage />),
  },
});

const entityContent = EntityContentBlueprint.make({
  name: 'entity',
  params: {
    path: 'gitops',
    title: 'GitOps',
    filter: entity => entity.kind.toLowerCase() === 'component',
    loader: () =>
      import('../components/EntityGitOpsContent').then(m => (
        <m.EntityGitOpsContent />
      )),
  },
});

const environmentContent = EntityContentBlueprint.make({
  name: 'environment',
  params: {
    path: 'gitops',
    title: 'Deployments',
    filter: isGitOpsEnvironment,
    loader: () =>
      import('../components/EntityGitOpsEnvironmentContent').then(m => (
        <m.EntityGitOpsEnvironmentContent />
      )),
  },
});

const overviewCard = EntityCardBlueprint.make({
  name: 'overview',
  params: {
    filter: isGitOpsAvailable,
    loader: () =>
      import('../components/EntityGitOpsOverviewCard').then(m => (
        <m.EntityGitOpsOverviewCard />
      )),
  },
});

/**
 * The GitOps plugin for the new frontend system: the API, the fleet page,
 * the entity GitOps tab, the environment tab and the overview card.
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'gitops',
  routes: { root: fleetRouteRef },
  extensions: [
    gitopsApi,
    fleetPage,
    entityContent,
    environmentContent,
    overviewCard,
  ],
});
