import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { GitOpsHttpReader } from './api/GitOpsHttpReader';
import { GitOpsEnvironmentProcessor } from './processor/GitOpsEnvironmentProcessor';
import { GitOpsEntityProvider } from './provider/GitOpsEntityProvider';

/**
 * Catalog module of the GitOps plugin suite: environments, clusters and
 * agents as `Resource` entities, and Components related to the
 * environments they are deployed to.
 * @public
 */
export const catalogModuleGitopsEntityProvider = createBackendModule({
  pluginId: 'catalog',
  moduleId: 'gitops-entity-provider',
  register(env) {
    env.registerInit({
      deps: {
        catalog: catalogProcessingExtensionPoint,
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        scheduler: coreServices.scheduler,
        discovery: coreServices.discovery,
        auth: coreServices.auth,
      },
      async init({ catalog, config, logger, scheduler, discovery, auth }) {
        const reader = new GitOpsHttpReader({ discovery, auth });
        catalog.addEntityProvider(
          GitOpsEntityProvider.fromConfig(config, {
            reader,
            logger,
            scheduler,
          }),
        );
        catalog.addProcessor(
          new GitOpsEnvironmentProcessor({ reader, logger }),
        );
      },
    });
  },
});
