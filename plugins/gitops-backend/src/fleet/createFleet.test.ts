import { sandboxRegistry } from '../testUtils/sandboxRegistry';
import { mockServices } from '@backstage/backend-test-utils';
import {
  createApplicationMatcher,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { FleetView } from './FleetView';
import { ApplicationRefresh } from './ApplicationRefresh';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { scrubSecrets } from '../scrubbing/scrubSecrets';
import { createFleet, Fleet } from './createFleet';
import {
  shopApplicationSet,
  shopArgoCdAgent,
  shopHarnessAgent,
  shopScenario,
  shopService,
} from '../testUtils/shopScenario';

jest.setTimeout(60_000);

/*
 * The fleet state fed by the real sandbox agents: an Argo CD agent and a
 * Harness agent through their watch streams, and a Harness agent whose
 * gateway has no stream by polling.
 */

const scenario = shopScenario('gitops-backend-fleet-test', {
  services: [
    shopService('payments', { agents: ['argo', 'hx'] }),
    shopService('checkout', {
      agents: ['argo'],
      overrides: { qa: { health: 'Degraded' } },
    }),
  ],
  agents: [
    shopArgoCdAgent('argo', {
      syncDurationMs: 50,
      environments: ['dev', 'qa', 'prod'],
      clusters: ['nonprod', 'prod'],
    }),
    shopHarnessAgent('hx', { syncDurationMs: 50 }),
  ],
});

const appSet = shopApplicationSet('ledger', {
  service: 'payments',
  selectedBy: 'ledger',
  environments: ['dev', 'qa'],
  labels: { 'gitops/environment': '{{env}}' },
});

/** Polls `probe` until it returns a value (the test's own timeout bounds it). */
async function until<T>(probe: () => T | undefined): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    await new Promise(r => setTimeout(r, 50));
  }
}

describe('fleet state over real sandbox agents', () => {
  let sandbox: Sandbox;
  let registry: ProviderRegistry;
  let fleet: Fleet;
  let view: FleetView;
  const knownSecrets: string[] = [];

  const makeRegistry = () => sandboxRegistry(sandbox);

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
    knownSecrets.push(...sandbox.agents.map(agent => agent.token));
    registry = makeRegistry();
    fleet = createFleet({
      registry,
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 200,
      knownSecrets,
    });
    view = new FleetView(registry, fleet.state);
    fleet.start();
  });

  afterAll(async () => {
    await fleet?.stop();
    await sandbox?.close();
  });

  const loaded = (agentId: string) => until(() => fleet.state.loaded(agentId));

  it('loads each agent: Argo CD and Harness watched, lean', async () => {
    for (const agentId of ['argo', 'hx']) {
      const state = await loaded(agentId);
      const direct = await registry
        .get(agentId)
        .listApplications({ lean: true });
      expect([...state.apps.keys()].sort()).toEqual(
        direct.map(app => app.key).sort(),
      );
      expect([...state.apps.values()].every(app => !app.history.length)).toBe(
        true,
      );
    }
    expect(fleet.state.freshness(['argo', 'hx'])).toEqual([
      {
        agentId: 'argo',
        syncedAt: expect.any(String),
        stale: false,
        feed: 'watch',
      },
      {
        agentId: 'hx',
        syncedAt: expect.any(String),
        stale: false,
        feed: 'watch',
      },
    ]);
  });

  it('holds no secret: what enters the state is scrubbed once, and answers built from it are not walked again', async () => {
    for (const agentId of ['argo', 'hx']) {
      const state = await loaded(agentId);
      const held = JSON.stringify({
        apps: [...state.apps.values()],
        sets: [...state.appSets.values()],
        clusters: state.clusters,
        repositories: state.repositories,
        status: state.status,
      });
      for (const secret of sandbox.secretValues()) {
        expect(held).not.toContain(secret);
      }
      // the answer passes the held applications through as they are
      const app = state.apps.values().next().value!;
      const answer = scrubSecrets({ items: [app] }, knownSecrets);
      expect(answer.items[0]).toBe(app);
    }
  });

  it('answers entity queries from the indexes as the matcher over every application would', async () => {
    await loaded('argo');
    await loaded('hx');
    const all = await Promise.all(
      ['argo', 'hx'].map(id =>
        registry.get(id).listApplications({ lean: true }),
      ),
    );
    const queries: GitOpsEntityQuery[] = [
      { services: ['payments'], applications: [] },
      {
        services: [],
        applications: [],
        selector: 'gitops/service in (payments,checkout)',
      },
      { services: [], applications: [], selector: 'gitops/service!=payments' },
      { services: [], applications: [], selector: 'gitops/service,!nope' },
      { services: [], applications: [{ name: 'checkout-qa' }] },
      { services: ['checkout'], applications: [], agents: ['hx'] },
      { services: [], applications: [] },
    ];
    for (const query of queries) {
      const matches = createApplicationMatcher(query);
      const expected = all
        .flat()
        .filter(matches)
        .map(app => app.key)
        .sort();
      const answer = await view.entityApplications(query);
      expect(answer.errors).toEqual([]);
      expect(answer.items.map(app => app.key).sort()).toEqual(expected);
    }
  });

  it('follows changes through the watch stream: drift, then a generated ApplicationSet and its removal', async () => {
    const state = await loaded('argo');
    const before = state.bySync.count('OutOfSync');
    sandbox.drift('argo', 'payments-dev');
    await until(
      () =>
        [...state.apps.values()].find(a => a.name === 'payments-dev')?.sync
          .status === 'OutOfSync',
    );
    expect(state.bySync.count('OutOfSync')).toBe(before + 1);

    const provider = registry.get('argo');
    await provider.createApplicationSet(appSet, {
      upsert: false,
      dryRun: false,
    });
    await until(() => state.byQueryTerm.count('g:ledger') === 2);
    const generated = await view.entityApplications({
      services: [],
      applications: [],
      applicationSets: ['ledger'],
    });
    expect(generated.items.map(a => [a.name, a.applicationSet]).sort()).toEqual(
      [
        ['ledger-dev', 'ledger'],
        ['ledger-qa', 'ledger'],
      ],
    );
    // the entity of the service's applications has the set that generated them
    await until(() => state.appSets.has('ledger'));
    const sets = await view.entityApplicationSets({
      services: ['ledger'],
      applications: [],
      agents: ['argo'],
    });
    expect(sets.items.map(set => set.name)).toEqual(['ledger']);
    expect(sets.errors).toEqual([]);
    const others = await view.entityApplicationSets({
      services: ['checkout'],
      applications: [],
      agents: ['argo'],
    });
    expect(others.items).toEqual([]);

    await fetch(`${sandbox.agent('argo').url}/api/v1/applicationsets/ledger`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${sandbox.agent('argo').token}` },
    });
    await until(() => state.byQueryTerm.count('g:ledger') === 0);
    expect(state.appSets.has('ledger')).toBe(false);
  });

  it('follows a Harness agent through AgentApplicationServiceWatch', async () => {
    const state = await loaded('hx');
    const before = state.bySync.count('OutOfSync');
    sandbox.drift('hx', 'payments-dev');
    await until(
      () =>
        [...state.apps.values()].find(a => a.name === 'payments-dev')?.sync
          .status === 'OutOfSync',
    );
    expect(state.bySync.count('OutOfSync')).toBe(before + 1);
    expect(fleet.feeders.get('hx')!.kind).toBe('watch');
    sandbox.reset('hx');
  });

  it("re-reads a watched Harness agent's ApplicationSets on the poll interval (it has no ApplicationSet stream)", async () => {
    const state = await loaded('hx');
    expect(state.appSets.has('ledger')).toBe(false);
    await registry
      .get('hx')
      .createApplicationSet(appSet, { upsert: false, dryRun: false });
    await until(() => state.appSets.has('ledger'));
    expect(fleet.feeders.get('hx')!.kind).toBe('watch');
    sandbox.reset('hx');
  });

  it('polls a Harness agent whose gateway lists but has no stream route', async () => {
    // the stream answers 404, as a gateway without the route does
    sandbox.setFaults('hx', {
      errorRate: 1,
      errorStatuses: [404],
      paths: ['/stream/applications'],
    });
    const polled = createFleet({
      registry: sandboxRegistry(sandbox, { agentIds: ['hx'] }),
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 100,
      knownSecrets,
    });
    polled.start();
    try {
      await until(() => polled.feeders.get('hx')!.kind === 'poll');
      const state = await until(() => polled.state.loaded('hx'));
      expect(polled.state.freshness(['hx'])).toEqual([
        expect.objectContaining({ stale: false, feed: 'poll' }),
      ]);
      sandbox.drift('hx', 'payments-dev');
      await until(
        () =>
          [...state.apps.values()].find(a => a.name === 'payments-dev')?.sync
            .status === 'OutOfSync',
      );
    } finally {
      await polled.stop();
      sandbox.setFaults('hx', {});
      sandbox.reset('hx');
    }
  });

  it('marks an agent stale while its stream is down, and resyncs what it missed', async () => {
    const state = await loaded('argo');
    await registry
      .get('argo')
      .createApplicationSet(appSet, { upsert: true, dryRun: false });
    await until(() => state.byQueryTerm.count('g:ledger') === 2);

    sandbox.stopAgent('argo');
    await until(() => fleet.state.freshness(['argo'])[0].stale);
    const stale = await view.entityApplications({
      services: ['ledger'],
      applications: [],
    });
    // the held state is served, and the agent reported as failed
    expect(stale.items).toHaveLength(2);
    expect(stale.errors).toEqual([
      expect.objectContaining({ agentId: 'argo', code: 'unreachable' }),
    ]);

    // deleted while the stream was down: gone after the resync
    sandbox.reset('argo');
    sandbox.startAgent('argo');
    await until(() => !fleet.state.freshness(['argo'])[0].stale);
    expect(state.byQueryTerm.count('g:ledger')).toBe(0);
    const fresh = await view.entityApplications({
      services: ['payments'],
      applications: [],
    });
    expect(fresh.errors).toEqual([]);
  });

  it('re-reads an application at once after an operation', async () => {
    const state = await loaded('argo');
    sandbox.drift('argo', 'checkout-dev');
    const app = [...state.apps.values()].find(a => a.name === 'checkout-dev')!;
    await registry.get('argo').sync({ name: app.name }, {});
    await new ApplicationRefresh(
      registry,
      fleet.state,
      fleet.feeders,
    ).applicationChanged('argo', { name: app.name });
    const now = state.apps.get(app.key)!;
    expect(now.operation?.phase).toBeDefined();
  });

  it('answers a cold agent with a targeted call, and says it is not loaded yet', async () => {
    const cold = createFleet({
      registry,
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 600_000,
      knownSecrets,
    });
    // not started: nothing is loaded
    const coldReader = new FleetView(registry, cold.state);
    const answer = await coldReader.entityApplications({
      services: ['payments'],
      applications: [],
    });
    expect(answer.errors).toEqual([]);
    expect(answer.items.map(a => a.name).sort()).toEqual([
      'payments-dev',
      'payments-dev',
      'payments-prod',
      'payments-qa',
    ]);
    expect(answer.freshness).toEqual([
      { agentId: 'argo', stale: true, feed: 'watch' },
      { agentId: 'hx', stale: true, feed: 'watch' },
    ]);
  });
});
