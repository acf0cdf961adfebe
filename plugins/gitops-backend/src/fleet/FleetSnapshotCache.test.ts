import { sandboxRegistry } from '../testUtils/sandboxRegistry';
import { CacheManager } from '@backstage/backend-defaults/cache';
import { mockServices } from '@backstage/backend-test-utils';
import { Sandbox, startSandbox } from '@gitops-suite/sandbox-agent';
import { FleetView } from './FleetView';
import { createFleet, Fleet } from './createFleet';
import { FleetSnapshotCache } from './FleetSnapshotCache';
import {
  shopApplicationSet,
  shopArgoCdAgent,
  shopScenario,
  shopService,
} from '../testUtils/shopScenario';

jest.setTimeout(60_000);

/*
 * Two replicas over one real sandbox agent and one shared cache (Backstage's
 * memory store): the first saves its fleet state's snapshot, the second
 * starts from it, warm but stale, until its own feed has read the agent.
 */

const scenario = shopScenario('gitops-backend-snapshot-test', {
  services: [shopService('payments')],
  agents: [
    shopArgoCdAgent('argo', {
      environments: ['dev', 'qa', 'prod'],
      clusters: ['nonprod', 'prod'],
    }),
  ],
});

const ledger = shopApplicationSet('ledger', {
  service: 'payments',
  environments: ['dev'],
});

async function until<T>(probe: () => T | undefined | false): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    await new Promise(r => setTimeout(r, 20));
  }
}

describe('FleetSnapshotCache', () => {
  let sandbox: Sandbox;
  const fleets: Fleet[] = [];
  const cache = CacheManager.fromConfig(
    mockServices.rootConfig({ data: {} }),
  ).forPlugin('gitops');

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
  });

  afterAll(async () => {
    await Promise.all(fleets.map(fleet => fleet.stop()));
    await sandbox?.close();
  });

  function replica() {
    const agent = sandbox.agent('argo');
    const registry = sandboxRegistry(sandbox, { agentIds: [agent.id] });
    const fleet = createFleet({
      registry,
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 600_000,
      knownSecrets: [agent.token],
    });
    fleets.push(fleet);
    const snapshots = new FleetSnapshotCache(cache, fleet.state, {
      agents: [{ id: agent.id, url: agent.url }],
      logger: mockServices.logger.mock(),
      writeIntervalMs: 600_000,
      maxAgeMs: 600_000,
    });
    const reader = new FleetView(registry, fleet.state);
    return { fleet, snapshots, reader };
  }

  it('starts a new replica warm from the snapshot, stale until its own feed has read the agent', async () => {
    const agent = sandbox.agent('argo');
    const post = (method: string, path: string, body?: unknown) =>
      fetch(`${agent.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${agent.token}`,
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    await post('POST', '/api/v1/applicationsets', ledger);

    const first = replica();
    first.fleet.start();
    const loaded = await until(() => first.fleet.state.loaded('argo'));
    await until(() => loaded.byQueryTerm.count('g:payments') === 4);
    // the first load is written at once
    await first.snapshots.save();
    const saved = first.fleet.state.snapshotOf('argo')!;

    // the agent changes before the second replica starts
    await post('DELETE', '/api/v1/applicationsets/ledger');

    const second = replica();
    expect(await second.snapshots.restore()).toBe(1);
    const warm = await second.reader.entityApplications({
      services: ['payments'],
      applications: [],
    });
    // served from the snapshot: what the first replica held, marked stale
    expect(warm.items.map(app => app.key).sort()).toEqual(
      saved.snapshot.applications
        .filter(app => app.labels['gitops/service'] === 'payments')
        .map(app => app.key)
        .sort(),
    );
    expect(warm.items.map(app => app.name)).toContain('ledger-dev');
    expect(warm.freshness).toEqual([
      { agentId: 'argo', syncedAt: saved.syncedAt, stale: true, feed: 'watch' },
    ]);

    // its own feed's first read replaces the snapshot
    second.fleet.start();
    await until(() => !second.fleet.state.freshness(['argo'])[0].stale);
    const fresh = await second.reader.entityApplications({
      services: ['payments'],
      applications: [],
    });
    expect(fresh.items.map(app => app.name)).not.toContain('ledger-dev');
    // a snapshot is restored only before the feed has loaded the agent
    expect(await second.snapshots.restore()).toBe(0);
  });

  it('does not start from a snapshot older than maxAgeMs', async () => {
    const agent = sandbox.agent('argo');
    const { fleet } = replica();
    const old = new FleetSnapshotCache(cache, fleet.state, {
      agents: [{ id: agent.id, url: agent.url }],
      logger: mockServices.logger.mock(),
      writeIntervalMs: 600_000,
      maxAgeMs: 0,
    });
    expect(await old.restore()).toBe(0);
    expect(fleet.state.loaded('argo')).toBeUndefined();
  });
});
