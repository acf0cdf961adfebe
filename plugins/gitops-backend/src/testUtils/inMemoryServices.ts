import type {
  DatabaseService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  mockServices,
  ServiceFactoryTester,
} from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type { SignalsService } from '@backstage/plugin-signals-node';
import type { JsonObject } from '@backstage/types';
import type { GitOpsCluster } from '@gitops-suite/plugin-gitops-common';
import { InMemoryGitOpsProvider } from '@gitops-suite/plugin-gitops-node/testUtils';
import { readGitOpsConfig } from '../config/readGitOpsConfig';
import { createGitOpsServices } from '../createGitOpsServices';
import { registerDeployTargets } from '../permissions/registerDeployTargets';
import type { GitOpsServices } from '../service/GitOpsServices';

/*
 * The plugin's services as the composition root makes them, over in-memory
 * agents and Backstage's service mocks: the core without a sandbox or HTTP.
 */

/** Argo CD's own cluster, as an in-memory agent lists it. */
export function inCluster(agentId: string): GitOpsCluster {
  return {
    agentId,
    name: 'in-cluster',
    server: 'https://kubernetes.default.svc',
    connectionState: { status: 'Successful' },
    labels: {},
  };
}

/** {@link createInMemoryServices} started: its services, and how to stop them. */
export interface InMemoryServices extends GitOpsServices {
  /** Runs the shutdown hooks (the fleet state, the recorder, the publisher). */
  stop(): Promise<void>;
}

/**
 * `createGitOpsServices` over `providers` (one `memory` agent each) and a
 * mock catalog of `entities`, with `gitops` config beside the agents, once
 * every agent's applications are loaded into the fleet state.
 */
export async function createInMemoryServices(options: {
  providers: InMemoryGitOpsProvider[];
  entities: Entity[];
  database: DatabaseService;
  permissions: PermissionsService;
  gitops?: JsonObject;
}): Promise<InMemoryServices> {
  const shutdownHooks: Array<() => void | Promise<void>> = [];
  const config = mockServices.rootConfig({
    data: {
      gitops: {
        ...options.gitops,
        agents: options.providers.map(provider => ({
          id: provider.agent.id,
          kind: 'memory',
          // never called: the in-memory provider answers by the agent's id
          url: `https://${provider.agent.id}.memory.invalid`,
        })),
      },
    },
  });
  const permissionsRegistry = await ServiceFactoryTester.from(
    mockServices.permissionsRegistry.factory(),
    { dependencies: [mockServices.httpRouter.mock().factory] },
  ).getSubject('gitops');
  const services = await createGitOpsServices({
    config,
    gitops: readGitOpsConfig(config),
    factories: new Map([
      ['memory', InMemoryGitOpsProvider.factory(...options.providers)],
    ]),
    logger: mockServices.logger.mock(),
    httpAuth: mockServices.httpAuth(),
    auth: mockServices.auth(),
    permissions: options.permissions,
    database: options.database,
    lifecycle: mockServices.lifecycle.mock({
      addShutdownHook: hook => shutdownHooks.push(hook),
    }),
    auditor: mockServices.auditor.mock(),
    catalog: catalogServiceMock({ entities: options.entities }),
    signals: { publish: async () => {} } as SignalsService,
    cache: mockServices.cache.mock(),
    scheduler: mockServices.scheduler.mock(),
    deployTargets: registerDeployTargets(permissionsRegistry),
  });
  // every agent's first load, as the plugin's first reads wait for it
  const loaded = await services.fleet.fleetApplications();
  if (loaded.errors.length) {
    throw new Error(
      `In-memory agents failed: ${JSON.stringify(loaded.errors)}`,
    );
  }
  return {
    ...services,
    async stop() {
      for (const hook of shutdownHooks) await hook();
    },
  };
}
