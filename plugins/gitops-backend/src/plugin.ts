import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import {
  actionsRegistryServiceRef,
  metricsServiceRef,
} from '@backstage/backend-plugin-api/alpha';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { signalsServiceRef } from '@backstage/plugin-signals-node';
import { gitopsPermissions } from '@gitops-suite/plugin-gitops-common';
import { gitopsProvidersExtensionPoint } from '@gitops-suite/plugin-gitops-node';
import { readGitOpsConfig } from './config/readGitOpsConfig';
import { createProviderFactories } from './providers/providerFactories';
import { createGitOpsServices } from './createGitOpsServices';
import { createRouter } from './routes/createRouter';
import { createGitOpsActions } from './actions/createGitOpsActions';
import { registerDeployTargets } from './permissions/registerDeployTargets';

/**
 * The `gitops` backend plugin: providers for Argo CD and Harness GitOps
 * agents (more through the `gitops.providers` extension point), aggregated
 * and permission-checked reads, audited operations, the guarded proxy and
 * the fleet recorder (drift, unhealthy periods and deployments as they happen).
 * @public
 */
export const gitopsPlugin = createBackendPlugin({
  pluginId: 'gitops',
  register(env) {
    const { factories, extensionPoint } = createProviderFactories();
    env.registerExtensionPoint(gitopsProvidersExtensionPoint, extensionPoint);

    env.registerInit({
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        httpRouter: coreServices.httpRouter,
        httpAuth: coreServices.httpAuth,
        auth: coreServices.auth,
        permissions: coreServices.permissions,
        permissionsRegistry: coreServices.permissionsRegistry,
        database: coreServices.database,
        lifecycle: coreServices.lifecycle,
        auditor: coreServices.auditor,
        catalog: catalogServiceRef,
        actionsRegistry: actionsRegistryServiceRef,
        signals: signalsServiceRef,
        metricsService: metricsServiceRef,
        cache: coreServices.cache,
        scheduler: coreServices.scheduler,
      },
      async init(deps) {
        const { config, logger } = deps;
        const gitops = readGitOpsConfig(config);
        deps.permissionsRegistry.addPermissions(gitopsPermissions);
        const deployTargets = registerDeployTargets(deps.permissionsRegistry);

        const services = await createGitOpsServices({
          ...deps,
          gitops,
          factories,
          deployTargets,
        });
        deps.httpRouter.use(await createRouter(services));
        // the same reads and audited operations for automation and AI
        // assistants, at /.backstage/actions (ids `gitops:<name>`)
        createGitOpsActions({
          ctx: services,
          actionsRegistry: deps.actionsRegistry,
        });
        deps.httpRouter.addAuthPolicy({
          path: '/health',
          allow: 'unauthenticated',
        });

        logger.info(
          `GitOps plugin serving ${
            gitops.agents.length
          } agent(s): ${gitops.agents
            .map(a => `${a.id} (${a.kind})`)
            .join(', ')}`,
        );
      },
    });
  },
});
