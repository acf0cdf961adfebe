import {
  AuditorService,
  AuthService,
  CacheService,
  DatabaseService,
  HttpAuthService,
  LifecycleService,
  LoggerService,
  PermissionsService,
  RootConfigService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import { CatalogService } from '@backstage/plugin-catalog-node';
import { SignalsService } from '@backstage/plugin-signals-node';
import { GitOpsProviderFactory } from '@gitops-suite/plugin-gitops-node';
import { DatabaseAuditStore } from './audit/DatabaseAuditStore';
import { CachedEntityLookup } from './catalog/CachedEntityLookup';
import { GitOpsConfig } from './config/readGitOpsConfig';
import { createFleet, Fleet } from './fleet/createFleet';
import { FleetSnapshotCache } from './fleet/FleetSnapshotCache';
import { DatabaseDeliveryEventStore } from './metrics/DatabaseDeliveryEventStore';
import { DeliveryMetricsService } from './metrics/DeliveryMetricsService';
import { OperationRunner } from './operations/OperationRunner';
import { ProviderRegistry } from './providers/ProviderRegistry';
import { GitHubPullRequests } from './pullrequests/GitHubPullRequests';
import { FleetRecorder } from './recorder/FleetRecorder';
import type { GitOpsServices } from './service/GitOpsServices';
import { EntityAccess } from './service/EntityAccess';
import { Operations } from './service/Operations';
import { FleetView } from './fleet/FleetView';
import { ApplicationRefresh } from './fleet/ApplicationRefresh';
import { SecretScrubber } from './scrubbing/SecretScrubber';
import { EntityQueryIndex } from './signals/EntityQueryIndex';
import { EntityReaders } from './signals/EntityReaders';
import { FleetSignalPublisher } from './signals/FleetSignalPublisher';
import { DeploymentTrust } from './trust/DeploymentTrust';
import { WriteAuthorization } from './trust/WriteAuthorization';
import type { DeployTargetAuthorizer } from './permissions/registerDeployTargets';
import { AgentUserIdentity } from './identity/AgentUserIdentity';
import {
  HarnessAccountDiscovery,
  registryAndFleetTarget,
} from './discovery/HarnessAccountDiscovery';
import type { MetricsService } from '@backstage/backend-plugin-api/alpha';
import { subscriberMetrics } from './fleet/subscriberMetrics';

/** The core services the GitOps services are made of. */
export interface GitOpsServicesOptions {
  config: RootConfigService;
  gitops: GitOpsConfig;
  /** The provider factory of each agent kind (built-in and from modules). */
  factories: Map<string, GitOpsProviderFactory>;
  logger: LoggerService;
  httpAuth: HttpAuthService;
  auth: AuthService;
  permissions: PermissionsService;
  database: DatabaseService;
  lifecycle: LifecycleService;
  auditor: AuditorService;
  catalog: CatalogService;
  signals: SignalsService;
  cache: CacheService;
  /** Runs the listing of the Harness accounts' agents (`gitops.harness.accounts`). */
  scheduler: SchedulerService;
  /** How a policy's decision on `gitops.deploytarget.write` applies to a target. */
  deployTargets: DeployTargetAuthorizer;
  /** Backstage's metrics service: the fleet state's subscriber metrics. */
  metricsService?: MetricsService;
}

/**
 * Makes the plugin's services and connects what flows between them: each
 * agent's provider; the fleet state fed by the agents' streams (scrubbed of
 * every provider's secrets as it enters); the recorder and the signal
 * publisher following its changes; the snapshots a new replica starts warm
 * from. Everything started here stops at shutdown.
 */
export async function createGitOpsServices(
  options: GitOpsServicesOptions,
): Promise<GitOpsServices> {
  const { gitops, logger, lifecycle } = options;
  const registry = ProviderRegistry.create({
    agents: gitops.agents,
    environments: gitops.environments,
    factories: options.factories,
    logger,
    applicationSetLimits: gitops.applicationSetLimits,
    // the agents found through an account are read with its API key
    laterSecrets: gitops.harnessAccounts.map(account => account.apiKey),
  });
  // this replica's own view of every agent, fed by their streams;
  // scrubbed as it enters, so answers from it are not walked again
  const fleet = createFleet({
    registry,
    logger,
    resyncIntervalMs: gitops.fleetResyncIntervalMs,
    pollIntervalMs: gitops.fleetPollIntervalMs,
    reconnectMaxMs: gitops.fleetReconnectMaxMs,
    knownSecrets: registry.secrets,
    ...(options.metricsService && {
      subscriberMetrics: subscriberMetrics(options.metricsService),
    }),
  });
  const store = await DatabaseAuditStore.create({
    database: options.database,
  });
  const deliveryEvents = await DatabaseDeliveryEventStore.create({
    database: options.database,
  });
  // drift, unhealthy periods and deployments, recorded as the fleet
  // state changes (from its first load on)
  const recorder = new FleetRecorder({
    state: fleet.state,
    agentIds: gitops.agents.map(agent => agent.id),
    drift: store,
    deliveries: deliveryEvents,
    operations: store,
    provider: agentId => registry.list().find(p => p.agent.id === agentId),
    logger,
    readSlots: fleet.readSlots,
  });
  recorder.start();
  fleet.start();
  lifecycle.addShutdownHook(async () => {
    await fleet.stop();
    await recorder.stop();
  });
  startFleetSnapshots(options, fleet);
  await startHarnessAccountDiscovery(options, registry, fleet);

  // the read side of the fleet state, and the one writer beside the feeders
  const fleetView = new FleetView(registry, fleet.state);
  const runner = new OperationRunner(
    store,
    options.auditor,
    {
      view: fleetView,
      refresh: new ApplicationRefresh(registry, fleet.state, fleet.feeders),
    },
    logger,
  );
  const entityLookup = new CachedEntityLookup(options.catalog, {
    ttlMs: gitops.entityLookupTtlMs,
  });
  publishFleetSignals(options, fleet, entityLookup);

  const trust = new DeploymentTrust({
    rules: gitops.projects,
    registry,
    fleet: fleetView,
    catalog: options.catalog,
    auth: options.auth,
    logger,
  });
  const access = new EntityAccess({
    permissions: options.permissions,
    catalog: options.catalog,
    entityLookup,
    registry,
    fleet: fleetView,
    environments: gitops.environments,
  });
  const userIdentity = new AgentUserIdentity({
    agents: gitops.agents,
    provider: agentId => registry.get(agentId),
    catalog: options.catalog,
    auth: options.auth,
  });
  const operations = new Operations({
    access,
    writes: new WriteAuthorization({
      permissions: options.permissions,
      catalog: options.catalog,
      auth: options.auth,
      fleet: fleetView,
      trust,
      deployTargets: options.deployTargets,
    }),
    runner,
    userIdentity,
  });
  return {
    access,
    fleet: fleetView,
    operations,
    providers: registry,
    audit: store,
    metrics: new DeliveryMetricsService(
      deliveryEvents,
      (apps, recording) => recorder.freshness(apps, recording),
      store,
      gitops.environments,
    ),
    pullRequests: GitHubPullRequests.fromConfig(options.config),
    trust,
    userIdentity,
    scrubber: new SecretScrubber(registry.secrets),
    httpAuth: options.httpAuth,
    auditor: options.auditor,
    catalog: options.catalog,
    environments: gitops.environments,
    extraProxyPaths: gitops.extraProxyPaths,
    logLimits: gitops.logLimits,
  };
}

/** The scheduler task that lists the agents of `gitops.harness.accounts[index]`. */
export function harnessAccountTaskId(index: number): string {
  return `gitops-harness-account-agents-${index}`;
}

/**
 * The agents of each Harness account, listed at start and every
 * `refreshIntervalSeconds` after (by each replica, for its own fleet
 * state): each one found is added as a configured agent is, with its own
 * provider fed into the fleet state; one gone is retired.
 */
async function startHarnessAccountDiscovery(
  { gitops, scheduler, logger }: GitOpsServicesOptions,
  registry: ProviderRegistry,
  fleet: Fleet,
): Promise<void> {
  if (!gitops.harnessAccounts.length) return;
  const discovery = new HarnessAccountDiscovery({
    configured: gitops.agents,
    target: registryAndFleetTarget(registry, fleet),
    logger,
  });
  for (const [index, account] of gitops.harnessAccounts.entries()) {
    await scheduler.scheduleTask({
      id: harnessAccountTaskId(index),
      frequency: { milliseconds: account.refreshIntervalMs },
      timeout: { milliseconds: Math.max(60_000, account.timeoutMs * 10) },
      scope: 'local',
      fn: signal => discovery.refresh(account, signal),
    });
  }
}

/** A new replica starts warm from the snapshots in the shared cache. */
function startFleetSnapshots(
  { gitops, cache, logger, lifecycle }: GitOpsServicesOptions,
  fleet: Fleet,
): void {
  if (!gitops.fleetSnapshot) return;
  const snapshots = new FleetSnapshotCache(cache, fleet.state, {
    agents: gitops.agents.map(agent => ({ id: agent.id, url: agent.url })),
    logger,
    ...gitops.fleetSnapshot,
  });
  snapshots
    .restore()
    .then(restored =>
      logger.info(`Fleet state: ${restored} agent(s) started from snapshots`),
    );
  snapshots.start();
  lifecycle.addShutdownHook(() => snapshots.stop());
}

/**
 * Changes pushed to open pages: the fleet, the entities whose pages this
 * replica served (as their lookups say), each application; an entity's and
 * an application's changes only to the signed-in users who read the entity.
 */
function publishFleetSignals(
  { signals, logger, lifecycle }: GitOpsServicesOptions,
  fleet: Fleet,
  entityLookup: CachedEntityLookup,
): void {
  const shownEntities = new EntityQueryIndex();
  entityLookup.onResolved((entityRef, query) =>
    shownEntities.set(entityRef, query),
  );
  const readers = new EntityReaders();
  entityLookup.onRead((entityRef, user, allowed) =>
    allowed ? readers.add(entityRef, user) : readers.remove(entityRef, user),
  );
  const publisher = new FleetSignalPublisher(signals, shownEntities, readers, {
    logger,
  });
  fleet.state.subscribe(
    change => publisher.onChange(change),
    'the signal publisher',
  );
  lifecycle.addShutdownHook(() => publisher.stop());
}
