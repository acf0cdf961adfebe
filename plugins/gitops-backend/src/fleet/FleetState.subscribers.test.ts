import { mockServices } from '@backstage/backend-test-utils';
import { metricsServiceMock } from '@backstage/backend-test-utils/alpha';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { sandboxRegistry } from '../testUtils/sandboxRegistry';
import {
  shopArgoCdAgent,
  shopScenario,
  shopService,
} from '../testUtils/shopScenario';
import { createFleet, Fleet } from './createFleet';
import { subscriberMetrics } from './subscriberMetrics';
import { FleetChange } from './types';

jest.setTimeout(60_000);

/*
 * A subscriber of the fleet state that throws is reported by name and
 * counted in a metric, and neither the state nor the subscribers after it
 * notice; each subscriber's time per change is measured by name.
 */
describe('fleet state subscribers', () => {
  let sandbox: Sandbox;
  let fleet: Fleet | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({
      scenario: shopScenario('gitops-backend-subscribers-test', {
        services: [shopService('payments')],
        agents: [
          shopArgoCdAgent('argo', {
            environments: ['dev', 'qa', 'prod'],
            clusters: ['nonprod', 'prod'],
          }),
        ],
      }),
      log: () => {},
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await sandbox?.close();
  });

  it('reports a failing subscriber by name, counts it, and keeps serving the others', async () => {
    const logger = mockServices.logger.mock();
    const metrics = metricsServiceMock.mock();
    fleet = createFleet({
      registry: sandboxRegistry(sandbox),
      logger,
      resyncIntervalMs: 600_000,
      pollIntervalMs: 200,
      knownSecrets: [],
      subscriberMetrics: subscriberMetrics(metrics),
    });
    const [failures] = metrics.createCounter.mock.results.map(r => r.value);
    const [durations] = metrics.createHistogram.mock.results.map(r => r.value);
    expect(metrics.createCounter).toHaveBeenCalledWith(
      'gitops.fleet_state.subscriber.failures',
      expect.anything(),
    );
    expect(metrics.createHistogram).toHaveBeenCalledWith(
      'gitops.fleet_state.subscriber.duration',
      expect.objectContaining({ unit: 'ms' }),
    );
    fleet.state.subscribe(() => {
      throw new Error('boom');
    }, 'the failing test subscriber');
    const seen: FleetChange[] = [];
    fleet.state.subscribe(change => seen.push(change), 'the counting one');
    fleet.start();
    while (!seen.some(c => c.applications.length)) {
      await new Promise(r => setTimeout(r, 20));
    }
    expect(fleet.state.loaded('argo')?.apps.size).toBeGreaterThan(0);
    expect(logger.error).toHaveBeenCalledWith(
      'Fleet state: the failing test subscriber failed on a change of agent argo; the state and the other subscribers carry on',
      expect.objectContaining({ message: 'boom' }),
    );
    expect(failures.add).toHaveBeenCalledWith(1, {
      subscriber: 'the failing test subscriber',
    });
    expect(failures.add).not.toHaveBeenCalledWith(1, {
      subscriber: 'the counting one',
    });
    // every subscriber's time over each change, by name
    const timed = new Set(
      durations.record.mock.calls.map(
        ([, attributes]: [number, { subscriber: string }]) =>
          attributes.subscriber,
      ),
    );
    expect(timed).toEqual(
      new Set([
        'the lean details reader',
        'the failing test subscriber',
        'the counting one',
      ]),
    );
    for (const [ms] of durations.record.mock.calls) {
      expect(ms).toBeGreaterThanOrEqual(0);
    }
  });
});
