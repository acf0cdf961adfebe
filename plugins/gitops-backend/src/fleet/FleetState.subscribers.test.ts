import { mockServices } from '@backstage/backend-test-utils';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { sandboxRegistry } from '../testUtils/sandboxRegistry';
import {
  shopArgoCdAgent,
  shopScenario,
  shopService,
} from '../testUtils/shopScenario';
import { createFleet, Fleet } from './createFleet';
import { FleetChange } from './types';

jest.setTimeout(60_000);

/*
 * A subscriber of the fleet state that throws is reported by name, and
 * neither the state nor the subscribers after it notice.
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

  it('reports a failing subscriber by name and keeps serving the others', async () => {
    const logger = mockServices.logger.mock();
    fleet = createFleet({
      registry: sandboxRegistry(sandbox),
      logger,
      resyncIntervalMs: 600_000,
      pollIntervalMs: 200,
      knownSecrets: [],
    });
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
  });
});
