import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { ScmIntegrations } from '@backstage/integration';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import { scaffolderTemplatingExtensionPoint } from '@backstage/plugin-scaffolder-node/alpha';
import { createRenderApplicationSetAction } from './actions/renderApplicationSet';
import { createPromoteAction } from './actions/promote';
import { createAuthorizeAction } from './actions/authorize';
import { createCreateApplicationSetAction } from './actions/createApplicationSet';
import { createSyncApplicationsAction } from './actions/syncApplications';
import { createRevertAction } from './actions/revert';
import { createDeploymentTargetsAction } from './actions/deploymentTargets';
import { GitOpsBackendClient } from './actions/gitopsApi/GitOpsBackendClient';
import { createCloneUrlFilter } from './filters/cloneUrl';

/**
 * Scaffolder actions of the GitOps plugin suite.
 *
 * @public
 */
export const scaffolderModuleGitops = createBackendModule({
  pluginId: 'scaffolder',
  moduleId: 'gitops',
  register(reg) {
    reg.registerInit({
      deps: {
        scaffolder: scaffolderActionsExtensionPoint,
        templating: scaffolderTemplatingExtensionPoint,
        config: coreServices.rootConfig,
        discovery: coreServices.discovery,
        auth: coreServices.auth,
        permissions: coreServices.permissions,
      },
      async init({
        scaffolder,
        templating,
        config,
        discovery,
        auth,
        permissions,
      }) {
        const client = new GitOpsBackendClient({ discovery, auth });
        scaffolder.addActions(
          createAuthorizeAction({ permissions, client }),
          createDeploymentTargetsAction({ client }),
          createRenderApplicationSetAction({ client }),
          createPromoteAction({ permissions, client }),
          createCreateApplicationSetAction({ client, permissions }),
          createSyncApplicationsAction({ client, permissions }),
          createRevertAction({ client, permissions }),
        );
        templating.addTemplateFilters(
          createCloneUrlFilter(ScmIntegrations.fromConfig(config)),
        );
      },
    });
  },
});
