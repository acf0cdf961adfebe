import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import {
  deployedRevision,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { sandboxRegistry } from '../testUtils/sandboxRegistry';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { createFleet, Fleet } from './createFleet';

jest.setTimeout(60_000);

/*
 * The example fleet (`npm start`'s): two Argo CD agents fed by lean watch
 * streams, a Harness agent polled and cut to the same lean shape. What the
 * fleet state says an application runs must be what a full read of it
 * says, for single-source, multi-source Helm, out-of-sync and failed apps.
 */
const examples = path.resolve(__dirname, '../../../../examples/fleet.yaml');

/** What a view shows of an application's revision and failed operation. */
const shown = (app: GitOpsApplication) => {
  const phase = app.operation?.phase;
  const failed = phase === 'Failed' || phase === 'Error';
  return {
    key: app.key,
    revision: deployedRevision(app).revision,
    revisions: deployedRevision(app).revisions,
    desired: deployedRevision(app).desired,
    ...(failed && { failedWith: app.operation?.message }),
  };
};

describe('the fleet state reads what a lean read cannot tell', () => {
  let sandbox: Sandbox;
  let registry: ProviderRegistry;
  let fleet: Fleet;

  beforeAll(async () => {
    sandbox = await startSandbox({ scenarioPath: examples, log: () => {} });
    registry = sandboxRegistry(sandbox);
    fleet = createFleet({
      registry,
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 600_000,
      knownSecrets: [],
    });
    fleet.start();
  });
  afterAll(async () => {
    await fleet?.stop();
    await sandbox?.close();
  });

  const held = () =>
    sandbox.agents.flatMap(agent => [
      ...(fleet.state.loaded(agent.id)?.apps.values() ?? []),
    ]);

  it('agrees with a full read of every application on what runs', async () => {
    const signal = AbortSignal.timeout(30_000);
    await Promise.all(
      sandbox.agents.map(agent => fleet.state.whenLoaded(agent.id, signal)),
    );
    const full = await Promise.all(
      held().map(app =>
        registry
          .get(app.agentId)
          .getApplication({ name: app.name, namespace: app.namespace }),
      ),
    );
    const expected = full.map(shown).sort((a, b) => a.key.localeCompare(b.key));
    const actual = () =>
      held()
        .map(shown)
        .sort((a, b) => a.key.localeCompare(b.key));
    // the full reads of the apps a lean read cannot tell run in the background
    for (let i = 0; i < 100; i++) {
      if (JSON.stringify(actual()) === JSON.stringify(expected)) break;
      await new Promise(resolve => setTimeout(resolve, 100));
    }
    expect(actual()).toEqual(expected);

    const byName = (name: string) =>
      actual().find(a => a.key.endsWith(`/${name}`))!;
    // multi-source Helm: the chart version, and every source's revision
    expect(byName('grafana-prod')).toMatchObject({
      revision: '8.5.1',
      desired: false,
    });
    expect(byName('grafana-prod').revisions).toHaveLength(2);
    // a failed sync: the agent's error, and what still runs
    expect(byName('ledger-service-prod').failedWith).toMatch(/failed to apply/);
    expect(byName('ledger-service-prod').desired).toBe(false);
  });

  it('does not read in full an application a lean read can tell', async () => {
    const apps = held();
    const leanOnly = apps.filter(app => app.history.length === 0);
    // most of the fleet is told by its lean copy alone
    expect(leanOnly.length).toBeGreaterThan(apps.length / 2);
    // what was read in full keeps its latest deployment only
    for (const app of apps) expect(app.history.length).toBeLessThanOrEqual(1);
  });
});
