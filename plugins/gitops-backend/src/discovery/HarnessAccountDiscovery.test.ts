import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { GitOpsProviderFactory } from '@gitops-suite/plugin-gitops-node';
import { Sandbox, startSandbox } from '@gitops-suite/sandbox-agent';
import path from 'node:path';
import { readGitOpsConfig } from '../config/readGitOpsConfig';
import { createFleet, Fleet } from '../fleet/createFleet';
import { HarnessProvider } from '../providers/harness/HarnessProvider';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { sandboxAgentConfig } from '../testUtils/sandboxAgentConfig';
import { waitFor } from '../testUtils/waitFor';
import {
  HarnessAccountDiscovery,
  registryAndFleetTarget,
} from './HarnessAccountDiscovery';

/*
 * The registry and the fleet state of the example fleet (what `npm start`
 * serves) as the account finds them: harness-eu listed in gitops.agents,
 * harness-us (found by account only) added with its own provider, fed
 * into the fleet state, retired when it leaves the account.
 */

const FLEET = path.resolve(__dirname, '../../../../examples/fleet.yaml');
const US = 'harness.default.payments_platform.usagent';

let sandbox: Sandbox;
let registry: ProviderRegistry;
let fleet: Fleet;
let discovery: HarnessAccountDiscovery;
const logger = mockServices.logger.mock();

beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET, log: () => {} });
  const account = sandbox.harnessAccounts[0];
  const eu = sandboxAgentConfig(sandbox.agent('harness-eu'));
  const gitops = readGitOpsConfig(
    new ConfigReader({
      gitops: {
        agents: [eu],
        harness: {
          accounts: [
            {
              url: account.url,
              accountIdentifier: account.accountIdentifier,
              apiKey: account.token,
              environments: ['dev', 'qa', 'prod'],
            },
          ],
        },
      },
    }),
  );
  registry = ProviderRegistry.create({
    agents: gitops.agents,
    environments: [],
    factories: new Map<string, GitOpsProviderFactory>([
      ['harness', HarnessProvider.factory],
    ]),
    logger,
    laterSecrets: gitops.harnessAccounts.map(a => a.apiKey),
  });
  fleet = createFleet({
    registry,
    logger,
    resyncIntervalMs: 600_000,
    pollIntervalMs: 30_000,
    knownSecrets: registry.secrets,
  });
  fleet.start();
  discovery = new HarnessAccountDiscovery({
    configured: gitops.agents,
    target: registryAndFleetTarget(registry, fleet),
    logger,
  });
  await discovery.refresh(gitops.harnessAccounts[0]);
});

afterAll(async () => {
  await fleet.stop();
  await sandbox.close();
});

/** The sandbox's Harness account as `gitops.harness.accounts` reads it, with `apiKey`. */
const sandboxAccount = (apiKey: string) =>
  readGitOpsConfig(
    new ConfigReader({
      gitops: {
        harness: {
          accounts: [
            {
              url: sandbox.harnessAccounts[0].url,
              accountIdentifier: sandbox.harnessAccounts[0].accountIdentifier,
              apiKey,
            },
          ],
        },
      },
    }),
  ).harnessAccounts[0];

const appsOf = (agentId: string) =>
  [...(fleet.state.loaded(agentId)?.apps.values() ?? [])]
    .map(a => a.name)
    .sort();

describe('HarnessAccountDiscovery over the example fleet', () => {
  it('adds harness-us with its own provider, and leaves harness-eu to its entry', async () => {
    expect(registry.agents.map(a => a.id)).toEqual(['harness-eu', US]);
    expect(discovery.agentIds).toEqual([US]);
    const provider = registry.get(US);
    expect(provider.agent).toMatchObject({
      id: US,
      kind: 'harness',
      title: 'us-agent',
      region: 'us-east-1',
      environments: ['dev', 'qa', 'prod'],
    });
    expect(await provider.getStatus()).toMatchObject({ state: 'connected' });
    // its clusters and repositories, through the SDK's list operations
    expect((await provider.listClusters()).map(c => c.name)).toEqual(
      expect.arrayContaining(['harness-us-nonprod', 'harness-us-prod']),
    );
    expect((await provider.listRepositories()).length).toBeGreaterThan(0);
  });

  it('feeds its applications into the fleet state', async () => {
    expect(
      await waitFor('harness-us in the fleet state', async () => {
        const names = appsOf(US);
        return names.length ? names : undefined;
      }),
    ).toEqual(['fx-rates-dev', 'fx-rates-prod', 'fx-rates-qa']);
    expect(appsOf('harness-eu')).not.toContain('fx-rates-dev');
  });

  it('retires it when it leaves the account, and keeps it while the list cannot be read', async () => {
    await discovery.refresh(sandboxAccount('not-the-account-key'));
    expect(registry.agents.map(a => a.id)).toContain(US);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'its agents could not be listed, those found before stay',
      ),
    );
    expect(JSON.stringify(logger.warn.mock.calls)).not.toContain(
      'not-the-account-key',
    );

    const us = sandbox.agent('harness-us');
    await fetch(`${us.url}/_sandbox/harness-account`, {
      method: 'POST',
      headers: { 'x-api-key': us.token, 'content-type': 'application/json' },
      body: JSON.stringify({ member: false }),
    });
    await discovery.refresh(sandboxAccount(sandbox.harnessAccounts[0].token));
    expect(registry.agents.map(a => a.id)).toEqual(['harness-eu']);
    expect(fleet.state.loaded(US)).toBeUndefined();
    expect(fleet.feeders.has(US)).toBe(false);
    expect(() => registry.get(US)).toThrow(
      `No GitOps agent is configured with id '${US}'`,
    );
  });
});
