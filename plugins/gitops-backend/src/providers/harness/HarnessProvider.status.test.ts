import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import { sandboxRegistry } from '../../testUtils/sandboxRegistry';
import { normalizeHarnessAgent } from './normalizeHarnessAgent';
import {
  shopHarnessAgent,
  shopScenario,
  shopService,
} from '../../testUtils/shopScenario';

jest.setTimeout(60_000);

/*
 * A Harness agent's status, normalized from the sandbox's V1Agent
 * (AgentServiceForServerGet) through the real provider: each component's
 * health and version, the agent's release, whether an upgrade is available
 * and whether it runs highly available.
 */

const base = shopHarnessAgent('hx');
const scenario = shopScenario('harness-provider-status', {
  services: [shopService('payments', { agents: ['hx', 'hy'] })],
  agents: [
    { ...base, harness: { ...base.harness!, version: '0.94.1' } },
    {
      ...shopHarnessAgent('hy'),
      harness: {
        ...base.harness!,
        version: '0.91.0',
        upgradeAvailable: true,
        highAvailability: true,
        components: {
          argoRepoServer: {
            status: 'UNHEALTHY',
            message: 'repo server is not ready',
            k8sError: 'Back-off restarting failed container',
            version: 'v2.13.4',
          },
          argoAppSetController: { status: 'HEALTH_STATUS_UNSET' },
        },
      },
    },
  ],
});

const COMPONENTS = [
  'harnessGitopsAgent',
  'argoAppController',
  'argoRepoServer',
  'argoRedisServer',
  'argoAppSetController',
];

describe('HarnessProvider status', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
  });
  afterAll(() => sandbox?.close());

  const status = (agentId: string) =>
    sandboxRegistry(sandbox).get(agentId).getStatus();

  it('reads a healthy agent: its release, every component healthy at its version', async () => {
    const hx = await status('hx');
    expect(hx).toMatchObject({
      agentId: 'hx',
      kind: 'harness',
      state: 'connected',
      version: '0.94.1',
      upgradeAvailable: false,
      highAvailability: false,
      lastHeartbeat: expect.stringMatching(/Z$/),
    });
    expect(hx.message).toBeUndefined();
    expect(hx.components?.map(c => c.name)).toEqual(COMPONENTS);
    expect(hx.components?.every(c => c.status === 'Healthy')).toBe(true);
    expect(hx.components?.[0]).toEqual({
      name: 'harnessGitopsAgent',
      status: 'Healthy',
      version: '0.94.1',
    });
    expect(hx.components?.[1].version).toMatch(/^v\d+\.\d+\.\d+$/);
    // the Argo CD under the agent: its application controller's release,
    // not the Harness agent's own
    expect(hx.argoCdVersion).toBe(hx.components?.[1].version);
  });

  it('reads an unhealthy component, an upgrade available and high availability', async () => {
    const hy = await status('hy');
    expect(hy).toMatchObject({
      state: 'connected',
      version: '0.91.0',
      upgradeAvailable: true,
      highAvailability: true,
    });
    const byName = Object.fromEntries(
      (hy.components ?? []).map(c => [c.name, c]),
    );
    expect(byName.argoRepoServer).toEqual({
      name: 'argoRepoServer',
      status: 'Unhealthy',
      version: 'v2.13.4',
      message: 'repo server is not ready: Back-off restarting failed container',
    });
    expect(byName.argoAppSetController.status).toBe('Unknown');
    expect(byName.argoAppController.status).toBe('Healthy');
  });

  it('reads a DISCONNECTED V1Agent as disconnected, with its last heartbeat', () => {
    // the sandbox's stopped agent refuses calls outright; Harness itself
    // answers for an agent that stopped reporting, as here
    const disconnected = normalizeHarnessAgent(
      {
        version: { major: '0', minor: '90' },
        health: {
          connectionStatus: 'DISCONNECTED',
          lastHeartbeat: '2026-11-26T09:00:00Z',
          harnessGitopsAgent: { status: 'UNHEALTHY', version: '0.90.0' },
        },
      },
      { agentId: 'hx', kind: 'harness', agentIdentifier: 'hxagent' },
      '2026-11-26T10:00:00.000Z',
    );
    expect(disconnected).toEqual({
      agentId: 'hx',
      kind: 'harness',
      state: 'disconnected',
      version: '0.90.0',
      message:
        'Harness reports agent hxagent DISCONNECTED (last heartbeat 2026-11-26T09:00:00.000Z)',
      checkedAt: '2026-11-26T10:00:00.000Z',
      lastHeartbeat: '2026-11-26T09:00:00.000Z',
      upgradeAvailable: false,
      highAvailability: false,
      components: [
        { name: 'harnessGitopsAgent', status: 'Unhealthy', version: '0.90.0' },
      ],
    });
  });
});
