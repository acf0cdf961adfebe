import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { signalsServiceRef } from '@backstage/plugin-signals-node';
import { gitopsPermissions } from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsProviderFactory,
  gitopsProvidersExtensionPoint,
} from '@gitops-suite/plugin-gitops-node';
import { readGitOpsConfig } from './config/readGitOpsConfig';
import { GitHubPullRequests } from './pullrequests/GitHubPullRequests';
import { ArgoCdProvider } from './providers/argocd/ArgoCdProvider';
import { HarnessProvider } from './providers/harness/HarnessProvider';
import { ProviderRegistry } from './providers/ProviderRegistry';
import { createFleet } from './fleet/createFleet';
import { FleetSnapshotCache } from './fleet/FleetSnapshotCache';
import { ApplicationAggregator } from './aggregation/ApplicationAggregator';
import { DatabaseAuditStore } from './audit/DatabaseAuditStore';
import { OperationRunner } from './operations/OperationRunner';
import { CachedEntityLookup } from './catalog/CachedEntityLookup';
import { EntityQueryIndex } from './signals/EntityQueryIndex';
import { FleetSignalPublisher } from './signals/FleetSignalPublisher';
import { GitOpsService } from './service/GitOpsService';
import { DeploymentTrust } from './trust/DeploymentTrust';
import { createRouter } from './routes/createRouter';
import { DatabaseDeliveryEventStore } from './metrics/DatabaseDeliveryEventStore';
import { FleetRecorder } from './recorder/FleetRecorder';
import { DeliveryMetricsService } from './metrics/DeliveryMetricsService';
import { createGitOpsActions } from './actions/createGitOpsActions';

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
    const factories = new Map<string, GitOpsProviderFactory>([
      ['argocd', ArgoCdProvider.factory],
      ['harness', HarnessProvider.factory],
    ]);
    env.registerExtensionPoint(gitopsProvidersExtensionPoint, {
      addProviderFactory(kind, factory) {
        if (factories.has(kind) && kind !== 'argocd' && kind !== 'harness') {
          throw new Error(
            `A GitOps provider for kind '${kind}' is already registered`,
          );
        }
        factories.set(kind, factory);
      },
    });

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
        cache: coreServices.cache,
      },
      async init(deps) {
        const { config, logger } = deps;
        const gitops = readGitOpsConfig(config);
        deps.permissionsRegistry.addPermissions(gitopsPermissions);

        const registry = ProviderRegistry.create({
          agents: gitops.agents,
          environments: gitops.environments,
          factories,
          logger,
        });
        const knownSecrets = gitops.agents.flatMap(agent =>
          [
            agent.config.getOptionalString('credentials.token'),
            agent.config.getOptionalString('credentials.password'),
          ].filter((s): s is string => Boolean(s)),
        );
        // this replica's own view of every agent, fed by their streams;
        // scrubbed as it enters, so answers from it are not walked again
        const fleet = createFleet({
          registry,
          logger,
          resyncIntervalMs: gitops.fleetResyncIntervalMs,
          pollIntervalMs: gitops.fleetPollIntervalMs,
          reconnectMaxMs: gitops.fleetReconnectMaxMs,
          knownSecrets,
        });
        const store = await DatabaseAuditStore.create({
          database: deps.database,
        });
        const deliveryEvents = await DatabaseDeliveryEventStore.create({
          database: deps.database,
        });
        // drift, unhealthy periods and deployments, recorded as the fleet
        // state changes (from its first load on)
        const recorder = new FleetRecorder({
          state: fleet.state,
          agentIds: gitops.agents.map(agent => agent.id),
          drift: store,
          deliveries: deliveryEvents,
          provider: agentId =>
            registry.list().find(p => p.agent.id === agentId),
          logger,
        });
        recorder.start();
        fleet.start();
        deps.lifecycle.addShutdownHook(async () => {
          await fleet.stop();
          await recorder.stop();
        });
        if (gitops.fleetSnapshot) {
          // a new replica starts warm from the snapshots in the shared cache
          const snapshots = new FleetSnapshotCache(deps.cache, fleet.state, {
            agents: gitops.agents.map(agent => ({
              id: agent.id,
              url: agent.url,
            })),
            logger,
            ...gitops.fleetSnapshot,
          });
          snapshots
            .restore()
            .then(restored =>
              logger.info(
                `Fleet state: ${restored} agent(s) started from snapshots`,
              ),
            );
          snapshots.start();
          deps.lifecycle.addShutdownHook(() => snapshots.stop());
        }
        const aggregator = new ApplicationAggregator(
          registry,
          fleet.state,
          fleet.feeders,
        );
        const runner = new OperationRunner(
          store,
          deps.auditor,
          aggregator,
          logger,
        );

        const entityLookup = new CachedEntityLookup(deps.catalog, {
          ttlMs: gitops.entityLookupTtlMs,
        });
        // changes pushed to open pages: the fleet, the entities whose pages
        // this replica served (as their lookups say), each application
        const shownEntities = new EntityQueryIndex();
        entityLookup.onResolved((entityRef, query) =>
          shownEntities.set(entityRef, query),
        );
        const publisher = new FleetSignalPublisher(
          deps.signals,
          shownEntities,
          { logger },
        );
        fleet.state.subscribe(change => publisher.onChange(change));
        deps.lifecycle.addShutdownHook(() => publisher.stop());
        const routeContext = new GitOpsService({
          httpAuth: deps.httpAuth,
          auth: deps.auth,
          permissions: deps.permissions,
          catalog: deps.catalog,
          entityLookup,
          logger,
          registry,
          aggregator,
          store,
          runner,
          trust: new DeploymentTrust({
            rules: gitops.projects,
            registry,
            aggregator,
            catalog: deps.catalog,
            auth: deps.auth,
            logger,
          }),
          environments: gitops.environments,
          extraProxyPaths: gitops.extraProxyPaths,
          logLimits: gitops.logLimits,
          knownSecrets,
          pullRequests: GitHubPullRequests.fromConfig(config),
        });
        const metrics = new DeliveryMetricsService(
          deliveryEvents,
          appKeys => recorder.settled(10_000, appKeys),
          store,
          gitops.environments,
        );
        deps.httpRouter.use(await createRouter(routeContext, { metrics }));
        // the same reads and audited operations for automation and AI
        // assistants, at /.backstage/actions (ids `gitops:<name>`)
        createGitOpsActions({
          ctx: routeContext,
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
