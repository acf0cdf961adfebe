import { screen } from '@testing-library/react';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import type { GitOpsAgent } from '../../api';
import { EntityGitOpsAgentCard } from './EntityGitOpsAgentCard';

const agentEntity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: {
    name: 'gitops-agent-hx',
    namespace: 'default',
    annotations: { 'gitops/agent': 'hx' },
  },
  spec: { type: 'gitops-agent', owner: 'platform' },
};

const hx: GitOpsAgent = {
  id: 'hx',
  kind: 'harness',
  status: {
    agentId: 'hx',
    kind: 'harness',
    state: 'connected',
    version: '0.91.0',
    upgradeAvailable: true,
    highAvailability: false,
    lastHeartbeat: new Date(Date.now() - 120_000).toISOString(),
    checkedAt: new Date().toISOString(),
    components: [
      { name: 'harnessGitopsAgent', status: 'Healthy', version: '0.91.0' },
      { name: 'argoAppController', status: 'Healthy', version: 'v2.14.11' },
      {
        name: 'argoRedisServer',
        status: 'Unhealthy',
        version: 'v2.14.11',
        message: 'redis: connection refused',
      },
    ],
  },
};

const render = (agents: GitOpsAgent[]) =>
  renderWithEntity(<EntityGitOpsAgentCard />, {
    entity: agentEntity,
    api: testGitOpsApi({
      getAgents: async () => ({ items: agents, errors: [] }),
    }),
  });

describe('EntityGitOpsAgentCard', () => {
  it("shows the agent's health: release and upgrade, high availability, heartbeat, each component", async () => {
    await render([hx]);
    expect(await screen.findByText('GitOps agent health')).toBeInTheDocument();
    expect(screen.getByText('connected')).toBeInTheDocument();
    expect(screen.getByText('0.91.0')).toBeInTheDocument();
    expect(screen.getByText('upgrade available')).toBeInTheDocument();
    expect(screen.getByText('no')).toBeInTheDocument();
    expect(screen.getByText('2m ago')).toBeInTheDocument();
    expect(
      screen.getByRole('listitem', { name: 'Application controller: Healthy' }),
    ).toHaveTextContent('Application controller v2.14.11');
    expect(
      screen.getByRole('listitem', { name: 'Redis: Unhealthy' }),
    ).toHaveTextContent('redis: connection refused');
  });

  it('says so when the portal has no such agent', async () => {
    await render([{ ...hx, id: 'other' }]);
    expect(
      await screen.findByText(/No GitOps agent hx is configured/),
    ).toBeInTheDocument();
  });
});
