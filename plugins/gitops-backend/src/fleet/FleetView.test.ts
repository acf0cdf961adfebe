import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type {
  EnvironmentDefinition,
  GitOpsApplication,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import {
  application,
  InMemoryGitOpsProvider,
} from '@gitops-suite/plugin-gitops-node/testUtils';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { inCluster } from '../testUtils/inMemoryServices';
import { createFleet, Fleet } from './createFleet';
import { FleetState } from './FleetState';
import { FleetView } from './FleetView';
import { FleetChange } from './types';

/*
 * The fleet core (the registry, the fleet state and its watch feeders, the
 * view) over in-memory agents: no sandbox, no HTTP; what the agents hold is
 * what the test seeds, and every change reaches the state through the
 * agents' watch streams.
 */

const environments: EnvironmentDefinition[] = [
  { name: 'dev', order: 1 },
  { name: 'prod', order: 2, production: true },
];

const labelled = (service: string | undefined, environment: string) => ({
  'gitops/environment': environment,
  ...(service && { 'gitops/service': service }),
});

function app(
  name: string,
  service: string | undefined,
  environment: string,
  sync: 'Synced' | 'OutOfSync',
  health: 'Healthy' | 'Progressing' | 'Degraded',
  { labels, ...extra }: Partial<GitOpsApplication> = {},
) {
  return application({
    name,
    labels: { ...labelled(service, environment), ...labels },
    sync: { status: sync, revision: 'c0ffee' },
    health: { status: health },
    ...extra,
  });
}

function agents() {
  const dev = InMemoryGitOpsProvider.create({
    agent: { id: 'dev', title: 'Dev agent', environments: ['dev'] },
    applications: [
      app('payments-dev', 'payments', 'dev', 'Synced', 'Healthy'),
      app('checkout-dev', 'checkout', 'dev', 'OutOfSync', 'Healthy'),
      app('ledger-dev', undefined, 'dev', 'Synced', 'Degraded', {
        project: 'finance',
        applicationSet: 'ledger',
      }),
      app('search-dev', undefined, 'dev', 'Synced', 'Progressing', {
        labels: { tier: 'web' },
      }),
    ],
    applicationSets: [
      {
        agentId: 'dev',
        name: 'ledger',
        generators: [{ kind: 'list', summary: '1 element(s)', elements: 1 }],
        template: { project: 'finance' },
        applications: ['ledger-dev'],
      },
    ],
    clusters: [inCluster('dev')],
  });
  const prod = InMemoryGitOpsProvider.create({
    agent: { id: 'prod', environments: ['prod'] },
    applications: [
      app('payments-prod', 'payments', 'prod', 'OutOfSync', 'Degraded', {
        namespace: 'team-a',
      }),
      app('checkout-prod', 'checkout', 'prod', 'Synced', 'Healthy', {
        project: 'shop',
      }),
    ],
  });
  return { dev, prod };
}

function registryOf(...providers: InMemoryGitOpsProvider[]) {
  return ProviderRegistry.create({
    agents: providers.map(p => ({
      id: p.agent.id,
      kind: 'memory',
      url: `memory://${p.agent.id}`,
      timeoutMs: 5_000,
      config: new ConfigReader({}),
    })),
    environments,
    factories: new Map([
      ['memory', InMemoryGitOpsProvider.factory(...providers)],
    ]),
    logger: mockServices.logger.mock(),
  });
}

/** The next change of the state `accepts` (subscribe before acting). */
function nextChange(
  state: FleetState,
  accepts: (change: FleetChange) => boolean,
): Promise<FleetChange> {
  return new Promise(resolve => {
    const stop = state.subscribe(change => {
      // changes before the one awaited pass by
      if (accepts(change)) {
        stop();
        resolve(change);
      }
    }, 'the test');
  });
}

const query = (q: Partial<GitOpsEntityQuery>): GitOpsEntityQuery => ({
  services: [],
  applications: [],
  ...q,
});

const keys = (apps: GitOpsApplication[]) => apps.map(a => a.key).sort();

describe('FleetView over in-memory agents', () => {
  let dev: InMemoryGitOpsProvider;
  let prod: InMemoryGitOpsProvider;
  let registry: ProviderRegistry;
  let fleet: Fleet;
  let view: FleetView;

  beforeEach(async () => {
    ({ dev, prod } = agents());
    registry = registryOf(dev, prod);
    fleet = createFleet({
      registry,
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 600_000,
      reconnectMaxMs: 20,
      knownSecrets: registry.secrets,
    });
    view = new FleetView(registry, fleet.state);
    fleet.start();
    const signal = AbortSignal.timeout(5_000);
    await fleet.state.whenLoaded('dev', signal);
    await fleet.state.whenLoaded('prod', signal);
  });

  afterEach(() => fleet.stop());

  it('selects each entity query’s applications across the agents from the state', async () => {
    const cases: Array<[Partial<GitOpsEntityQuery>, string[]]> = [
      [
        { services: ['payments'] },
        ['dev:/payments-dev', 'prod:team-a/payments-prod'],
      ],
      [{ selector: 'tier=web' }, ['dev:/search-dev']],
      [{ services: ['checkout'], projects: ['shop'] }, ['prod:/checkout-prod']],
      [
        { applications: [{ name: 'payments-prod', namespace: 'team-a' }] },
        ['prod:team-a/payments-prod'],
      ],
      [{ applications: [{ name: 'payments-prod', namespace: 'other' }] }, []],
      [{ applicationSets: ['ledger'] }, ['dev:/ledger-dev']],
      [
        { services: ['payments'], agents: ['prod'] },
        ['prod:team-a/payments-prod'],
      ],
    ];
    for (const [entity, expected] of cases) {
      const answer = await view.entityApplications(query(entity));
      expect({ entity, keys: keys(answer.items) }).toEqual({
        entity,
        keys: expected,
      });
      expect(answer.errors).toEqual([]);
    }
    const ledger = await view.entityApplications(
      query({ applicationSets: ['ledger'] }),
    );
    expect(ledger.items[0].applicationSet).toBe('ledger');
    const sets = await view.entityApplicationSets(
      query({ services: [], selector: 'gitops/environment=dev,!tier' }),
    );
    expect(sets.items.map(s => s.name)).toEqual(['ledger']);
  });

  it('counts the fleet summary by status, agent and environment, and narrowed by a filter', async () => {
    const summary = await view.fleetSummary(
      {},
      view.agentsById(),
      environments,
    );
    expect(summary).toMatchObject({
      total: 6,
      bySync: { Synced: 4, OutOfSync: 2, Unknown: 0 },
      byHealth: {
        Healthy: 3,
        Progressing: 1,
        Degraded: 2,
        Suspended: 0,
        Missing: 0,
        Unknown: 0,
      },
      drifting: 2,
      errors: [],
    });
    expect(summary.byAgent).toEqual([
      { agentId: 'dev', total: 4, outOfSync: 1, degraded: 1 },
      { agentId: 'prod', total: 2, outOfSync: 1, degraded: 1 },
    ]);
    expect(summary.byEnvironment).toEqual([
      { environment: 'dev', total: 4, outOfSync: 1, degraded: 1 },
      { environment: 'prod', total: 2, outOfSync: 1, degraded: 1 },
    ]);
    expect(summary.agents.map(a => [a.agentId, a.state])).toEqual([
      ['dev', 'connected'],
      ['prod', 'connected'],
    ]);

    const degraded = await view.fleetSummary(
      { health: ['Degraded'] },
      view.agentsById(),
      environments,
    );
    expect(degraded).toMatchObject({
      total: 2,
      bySync: { Synced: 1, OutOfSync: 1 },
    });
    const devOnly = await view.fleetSummary(
      { agent: ['dev'] },
      view.agentsById(),
      environments,
    );
    expect(devOnly.total).toBe(4);
  });

  it('answers what the agents hold beyond applications: sets, clusters, statuses, served environments', async () => {
    expect(
      (await view.applicationSets()).items.map(s => `${s.agentId}/${s.name}`),
    ).toEqual(['dev/ledger']);
    expect((await view.clusters(['dev'])).items.map(c => c.name)).toEqual([
      'in-cluster',
    ]);
    expect((await view.repositories()).items).toEqual([]);
    const served = await view.servedEnvironments(undefined, names => names);
    expect(
      served.items.map(a => [
        a.agentId,
        a.environments.map(e => e.environment),
      ]),
    ).toEqual([
      ['dev', ['dev']],
      ['prod', ['prod']],
    ]);
    expect(
      view.environmentOf('prod', {
        name: 'payments-prod',
        namespace: 'team-a',
      }),
    ).toBe('prod');
  });

  it('says every agent is fresh and watched', async () => {
    const answer = await view.fleetApplications();
    expect(answer.items).toHaveLength(6);
    expect(answer.freshness).toEqual([
      {
        agentId: 'dev',
        syncedAt: expect.any(String),
        stale: false,
        feed: 'watch',
      },
      {
        agentId: 'prod',
        syncedAt: expect.any(String),
        stale: false,
        feed: 'watch',
      },
    ]);
  });

  it('sees a sync, a new application and a deleted one made on the agent, through its watch', async () => {
    const synced = nextChange(fleet.state, c =>
      c.applications.some(
        a => a.name === 'payments-prod' && a.sync.status === 'Synced',
      ),
    );
    await prod.sync(
      { name: 'payments-prod', namespace: 'team-a' },
      { revision: 'd4' },
    );
    await synced;
    const payments = await view.entityApplications(
      query({ services: ['payments'] }),
    );
    expect(payments.items.find(a => a.name === 'payments-prod')).toMatchObject({
      sync: { status: 'Synced', revision: 'd4' },
      operation: { phase: 'Succeeded', revision: 'd4' },
    });

    const added = nextChange(fleet.state, c =>
      c.applications.some(a => a.name === 'payments-qa'),
    );
    dev.put(app('payments-qa', 'payments', 'dev', 'OutOfSync', 'Healthy'));
    await added;
    const removed = nextChange(fleet.state, c =>
      c.removed.some(a => a.name === 'checkout-dev'),
    );
    dev.remove({ name: 'checkout-dev' });
    await removed;

    expect(
      keys(
        (await view.entityApplications(query({ services: ['payments'] })))
          .items,
      ),
    ).toEqual([
      'dev:/payments-dev',
      'dev:/payments-qa',
      'prod:team-a/payments-prod',
    ]);
    expect(
      (
        await view.entityApplications(query({ services: ['checkout'] }))
      ).items.map(a => a.name),
    ).toEqual(['checkout-prod']);
    const summary = await view.fleetSummary(
      {},
      view.agentsById(),
      environments,
    );
    expect(summary).toMatchObject({
      total: 6,
      bySync: { Synced: 5, OutOfSync: 1 },
    });
  });

  it('serves a lost agent’s state marked stale, and fresh again once it is back', async () => {
    const stale = nextChange(
      fleet.state,
      c => c.agentId === 'dev' && c.feed === 'stale',
    );
    dev.disconnect('no route to host');
    await stale;
    const during = await view.entityApplications(
      query({ services: ['payments'] }),
    );
    expect(keys(during.items)).toEqual([
      'dev:/payments-dev',
      'prod:team-a/payments-prod',
    ]);
    expect(during.freshness.find(f => f.agentId === 'dev')).toMatchObject({
      stale: true,
      feed: 'watch',
    });
    expect(during.errors).toEqual([
      expect.objectContaining({
        agentId: 'dev',
        code: 'unreachable',
        message: expect.stringContaining(
          'Agent dev is unreachable: no route to host; showing its state as of',
        ),
      }),
    ]);
    const statuses = await view.agentStatuses();
    expect(statuses.items.find(s => s.agentId === 'dev')?.state).toBe(
      'disconnected',
    );

    const fresh = nextChange(
      fleet.state,
      c => c.agentId === 'dev' && c.feed === 'fresh',
    );
    dev.put(app('payments-qa', 'payments', 'dev', 'Synced', 'Healthy'));
    dev.reconnect();
    await fresh;
    const after = await view.entityApplications(
      query({ services: ['payments'] }),
    );
    expect(after.errors).toEqual([]);
    expect(after.freshness.find(f => f.agentId === 'dev')).toMatchObject({
      stale: false,
    });
    expect(keys(after.items)).toContain('dev:/payments-qa');
  });
});

describe('FleetView before the fleet state has loaded', () => {
  it('answers an entity query with targeted calls to the agents, marked not fresh', async () => {
    const { dev, prod } = agents();
    const registry = registryOf(dev, prod);
    const fleet = createFleet({
      registry,
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 600_000,
      knownSecrets: registry.secrets,
    });
    // never started: every read is cold
    const view = new FleetView(registry, fleet.state);
    const answer = await view.entityApplications(
      query({ services: ['payments'], selector: 'tier=web' }),
    );
    expect(keys(answer.items)).toEqual([
      'dev:/payments-dev',
      'dev:/search-dev',
      'prod:team-a/payments-prod',
    ]);
    expect(answer.freshness).toEqual([
      { agentId: 'dev', stale: true, feed: 'watch' },
      { agentId: 'prod', stale: true, feed: 'watch' },
    ]);
    const generated = await view.entityApplications(
      query({ applicationSets: ['ledger'] }),
    );
    expect(generated.items.map(a => [a.key, a.applicationSet])).toEqual([
      ['dev:/ledger-dev', 'ledger'],
    ]);
  });
});
