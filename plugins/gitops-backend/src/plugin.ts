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
import { ArgoCdProvider } from './providers/argocd/ArgoCdProvider';
import { HarnessProvider } from './providers/harness/HarnessProvider';
import { ProviderRegistry } from './providers/ProviderRegistry';
import { createFleet } from './fleet/createFleet';
import { FleetSnapshotCache } from './fleet/FleetSnapshotCache';
import { ApplicationAggregator } from './aggregation/ApplicationAggregator';
import { DatabaseAuditStore } from './audit/DatabaseAuditStore';
import { OperationRunner } from './operations/OperationRunner';
import { DriftPoller } from './drift/DriftPoller';
import { CachedEntityLookup } from './catalog/CachedEntityLookup';
import { EntityQueryIndex } from './signals/EntityQueryIndex';
import { FleetSignalPublisher } from './signals/FleetSignalPublisher';
import { GitOpsService } from './service/GitOpsService';
import { DeploymentTrust } from './trust/DeploymentTrust';
import { createRouter } from './routes/createRouter';
import { DatabaseDeliveryEventStore } from './metrics/DatabaseDeliveryEventStore';
import { DeliveryEventCollector } from './metrics/DeliveryEventCollector';
import { DeliveryMetricsService } from './metrics/DeliveryMetricsService';
import { createGitOpsActions } from './actions/createGitOpsActions';

/**
 * The `gitops` backend plugin: providers for Argo CD and Harness GitOps
 * agents (more through the `gitops.providers` extension point), aggregated
 * and permission-checked reads, audited operations, the guarded proxy and
 * the drift poller.
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
        scheduler: coreServices.scheduler,
        auditor: coreServices.auditor,
        catalog: catalogServiceRef,
        actionsRegistry: actionsRegistryServiceRef,
        signals: signalsServiceRef,
        cache: coreServices.cache,
      },
      async init(deps) {
        const { config, logger, scheduler } = deps;
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
        fleet.start();
        deps.lifecycle.addShutdownHook(() => fleet.stop());
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
        const store = await DatabaseAuditStore.create({
          database: deps.database,
        });
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
        });
        const deliveryEvents = await DatabaseDeliveryEventStore.create({
          database: deps.database,
        });
        const collector = new DeliveryEventCollector(
          registry,
          deliveryEvents,
          logger,
        );
        // a view records an application again once it changed
        fleet.state.subscribe(change =>
          collector.forget(
            [...change.applications, ...change.removed].map(app => app.key),
          ),
        );
        const metrics = new DeliveryMetricsService(
          deliveryEvents,
          collector,
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

        if (gitops.pollerFrequencySeconds > 0 && gitops.agents.length) {
          const poller = new DriftPoller(aggregator, store, logger);
          await scheduler.scheduleTask({
            id: 'gitops-drift-poller',
            frequency: { seconds: gitops.pollerFrequencySeconds },
            timeout: { seconds: gitops.pollerTimeoutSeconds },
            initialDelay: { seconds: 5 },
            fn: async signal => {
              const result = await poller.pollOnce(signal as AbortSignal);
              logger.debug(
                `Drift poll: ${result.applications} apps on ${result.agents} agents, ${result.driftStarted} drift started, ${result.driftEnded} ended`,
              );
            },
          });
        }
        // delivery metrics: record history, failed syncs and health of the
        // whole fleet (entity pages also record their own applications)
        const metricsFrequency =
          config.getOptionalNumber('gitops.metrics.frequencySeconds') ?? 300;
        if (
          gitops.pollerFrequencySeconds > 0 &&
          metricsFrequency > 0 &&
          gitops.agents.length
        ) {
          await scheduler.scheduleTask({
            id: 'gitops-delivery-metrics',
            frequency: { seconds: metricsFrequency },
            timeout: { seconds: Math.max(60, metricsFrequency) },
            initialDelay: { seconds: 10 },
            fn: async signal => {
              const apps = await aggregator.fleetApplications();
              const result = await metrics.collector.collect(apps.items, {
                metadataBudget: 200,
                signal: signal as AbortSignal,
              });
              logger.debug(
                `Delivery metrics: ${result.applications.length} apps read, ${result.deployments} deployments, ${result.failures} failed syncs, ${result.commitDates} commit dates recorded`,
              );
            },
          });
        }
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
