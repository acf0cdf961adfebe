import path from 'node:path';
import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { sandboxRegistry } from '../__testUtils__/sandboxRegistry';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { DatabaseDeliveryEventStore } from './DatabaseDeliveryEventStore';
import { DeliveryEventCollector } from './DeliveryEventCollector';

jest.setTimeout(60_000);

/*
 * A page that shows delivery metrics or promotion must not read every
 * application of the entity in full on every view: only the ones this
 * replica never recorded (once), and the others again in the background
 * once what was recorded of them is older than the limit.
 */
const examples = path.resolve(__dirname, '../../../../examples/fleet.yaml');

describe('DeliveryEventCollector.ensureRecorded', () => {
  let sandbox: Sandbox;
  let registry: ProviderRegistry;
  const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

  beforeAll(async () => {
    sandbox = await startSandbox({ scenarioPath: examples, log: () => {} });
    registry = sandboxRegistry(sandbox, { agentIds: ['argocd-nonprod'] });
  });
  afterAll(() => sandbox?.close());

  it('reads an application in full once, then only again in the background when it is old', async () => {
    const store = await DatabaseDeliveryEventStore.create({
      database: mockServices.database({
        knex: await databases.init('SQLITE_3'),
      }),
    });
    let now = Date.parse('2026-11-25T10:00:00Z');
    const collector = new DeliveryEventCollector(
      registry,
      store,
      mockServices.logger.mock(),
      () => new Date(now),
    );
    const provider = registry.get('argocd-nonprod');
    const apps = (await provider.listApplications({ lean: true })).slice(0, 6);
    const reads = jest.spyOn(provider, 'getApplication');
    const options = { metadataBudget: 0, maxAgeMs: 60_000 };

    // first view: every application read, its history recorded
    const first = await collector.ensureRecorded(apps, options);
    expect(reads).toHaveBeenCalledTimes(apps.length);
    expect(first.errors).toEqual([]);
    expect(first.deployments).toBeGreaterThan(0);
    const recorded = await store.listDeployments(apps.map(a => a.key));
    expect(recorded.length).toBe(first.deployments);

    // a view within the minute reads nothing
    reads.mockClear();
    now += 30_000;
    await collector.ensureRecorded(apps, options);
    expect(reads).not.toHaveBeenCalled();

    // a new application is read; the recorded ones are not
    const more = (await provider.listApplications({ lean: true })).slice(6, 7);
    await collector.ensureRecorded([...apps, ...more], options);
    expect(reads).toHaveBeenCalledTimes(1);

    // an application the fleet state says changed is read before the view
    // answers
    reads.mockClear();
    collector.forget([apps[0].key]);
    await collector.ensureRecorded(apps, options);
    expect(reads).toHaveBeenCalledTimes(1);

    // a minute later the view answers at once and refreshes behind it,
    // once, however many views ask meanwhile
    reads.mockClear();
    now += 61_000;
    const later = await collector.ensureRecorded(apps, options);
    expect(later).toEqual({
      deployments: 0,
      failures: 0,
      commitDates: 0,
      errors: [],
    });
    await collector.ensureRecorded(apps, options);
    for (let i = 0; i < 100 && reads.mock.calls.length < apps.length; i++) {
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    expect(reads).toHaveBeenCalledTimes(apps.length);
  });
});
