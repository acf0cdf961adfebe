import { createFrontendPlugin } from '@backstage/frontend-plugin-api';
import CloudQueueIcon from '@material-ui/icons/CloudQueue';
import { gitopsApi, gitopsUserIdentityApi } from './apis';
import {
  entityDeliveryMetricsCard,
  entityEnvironmentComponentsCard,
  entityGitOpsAgentCard,
  entityGitOpsOverviewCard,
  entityPromotionInsightCard,
} from './entityCards';
import {
  entityGitOpsContent,
  entityGitOpsEnvironmentContent,
} from './entityContents';
import {
  gitopsAgentPickerField,
  gitopsEnvironmentPickerField,
  gitopsRepoUrlPickerField,
} from './formFields';
import { gitopsFleetPage } from './pages';
import { fleetRouteRef } from './routes';

/**
 * The GitOps plugin for the new frontend system: the API (and a user
 * identity API without a token, which an app overrides to forward its users'
 * ID tokens: extension `api:gitops/user-identity`), the fleet page and
 * its nav entry, the entity GitOps tab, the environment tab, the overview,
 * delivery metrics and promotion cards, the agent health card, the
 * components-by-system card of environments, and the
 * scaffolder fields
 * `GitOpsAgentPicker` and `GitOpsEnvironmentPicker`.
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'gitops',
  title: 'GitOps',
  icon: <CloudQueueIcon fontSize="inherit" />,
  info: { packageJson: () => import('../../package.json') },
  routes: { root: fleetRouteRef },
  extensions: [
    gitopsApi,
    gitopsUserIdentityApi,
    gitopsFleetPage,
    entityGitOpsContent,
    entityGitOpsEnvironmentContent,
    entityGitOpsOverviewCard,
    entityDeliveryMetricsCard,
    entityPromotionInsightCard,
    entityGitOpsAgentCard,
    entityEnvironmentComponentsCard,
    gitopsAgentPickerField,
    gitopsEnvironmentPickerField,
    gitopsRepoUrlPickerField,
  ],
});
