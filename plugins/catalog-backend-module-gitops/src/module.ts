import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { GitOpsHttpReader } from './api/GitOpsHttpReader';
import { GitOpsEnvironmentProcessor } from './processor/GitOpsEnvironmentProcessor';
import { GitOpsEntityProvider } from './provider/GitOpsEntityProvider';
import { GitOpsTemplateProvider } from './templates/GitOpsTemplateProvider';

/**
 * Catalog module of the GitOps plugin suite: environments, clusters and
 * agents as `Resource` entities, Components related to the environments
 * they are deployed to, and (with `catalog.providers.gitops.templates.enabled`)
 * the suite's golden-path templates.
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
        // the golden-path templates, when enabled
        const templates = GitOpsTemplateProvider.fromConfig(config, { logger });
        if (templates) catalog.addEntityProvider(templates);
      },
    });
  },
});
