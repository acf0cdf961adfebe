import { renderInTestApp } from '@backstage/test-utils';
import { screen, within } from '@testing-library/react';
import type { GitOpsAgent } from '../../api';
import { AgentsTable } from './AgentsTable';

const message =
  'dial tcp 10.0.12.7:443: connect: connection refused (after 3 attempts)';

const agents: GitOpsAgent[] = [
  {
    id: 'argocd-prod',
    kind: 'argocd',
    uiUrl: 'https://argocd-prod.example.com',
    status: {
      agentId: 'argocd-prod',
      kind: 'argocd',
      state: 'error',
      message,
      checkedAt: '2024-05-01T12:00:00Z',
    },
  },
  {
    id: 'harness-eu',
    kind: 'harness',
    region: 'eu-west-1',
    status: {
      agentId: 'harness-eu',
      kind: 'harness',
      state: 'connected',
      version: 'v2.11.3',
      checkedAt: '2024-05-01T12:00:00Z',
    },
  },
];

describe('AgentsTable', () => {
  it('shows an outage message under the state, in a cell wide enough to read that wraps between words', async () => {
    await renderInTestApp(<AgentsTable agents={agents} />);
    const table = screen.getByRole('table', { name: 'Agents' });
    const row = within(table).getByRole('row', { name: /argocd-prod/ });
    const cell = within(row).getByText(message).closest('td')!;
    expect(cell).toHaveStyle({ minWidth: '200px' });
    expect(cell).not.toHaveStyle({ wordBreak: 'break-all' });
    expect(within(cell).getByText('error')).toBeInTheDocument();
    expect(within(row).getByText('error')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: /argocd-prod/ }),
    ).toHaveAttribute('href', 'https://argocd-prod.example.com');
  });

  it('keeps short values on one line and the table scrollable in its card', async () => {
    await renderInTestApp(<AgentsTable agents={agents} />);
    const table = screen.getByRole('table', { name: 'Agents' });
    expect(table.parentElement).toHaveStyle({ overflowX: 'auto' });
    const row = within(table).getByRole('row', { name: /harness-eu/ });
    expect(within(row).getByText('v2.11.3')).toHaveStyle({
      whiteSpace: 'nowrap',
    });
  });
});

describe('AgentsTable agent health', () => {
  const harness: GitOpsAgent = {
    id: 'harness-us',
    kind: 'harness',
    status: {
      agentId: 'harness-us',
      kind: 'harness',
      state: 'connected',
      version: '0.91.0',
      upgradeAvailable: true,
      highAvailability: true,
      checkedAt: '2024-05-01T12:00:00Z',
      components: [
        { name: 'harnessGitopsAgent', status: 'Healthy', version: '0.91.0' },
        {
          name: 'argoRepoServer',
          status: 'Unhealthy',
          version: 'v2.13.4',
          message: 'repo server is not ready',
        },
        { name: 'argoAppSetController', status: 'Unknown' },
      ],
    },
  };

  it('shows each component with its health and version, an upgrade available and high availability', async () => {
    await renderInTestApp(<AgentsTable agents={[...agents, harness]} />);
    const table = screen.getByRole('table', { name: 'Agents' });
    expect(
      within(table).getByRole('columnheader', { name: 'HA' }),
    ).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /harness-us/ });
    expect(within(row).getByText('0.91.0')).toBeInTheDocument();
    expect(within(row).getByText('upgrade available')).toBeInTheDocument();
    expect(within(row).getByText('yes')).toBeInTheDocument();
    expect(
      within(row).getByRole('listitem', { name: 'GitOps agent: Healthy' }),
    ).toHaveTextContent('GitOps agent 0.91.0');
    const repo = within(row).getByRole('listitem', {
      name: 'Repo server: Unhealthy',
    });
    expect(repo).toHaveTextContent('Repo server v2.13.4');
    expect(repo).toHaveTextContent('repo server is not ready');
    expect(
      within(row).getByRole('listitem', {
        name: 'ApplicationSet controller: Unknown',
      }),
    ).toBeInTheDocument();

    // an agent that reports none of it
    const argo = within(table).getByRole('row', { name: /argocd-prod/ });
    expect(within(argo).queryByText('upgrade available')).toBeNull();
    expect(within(argo).queryByRole('listitem')).toBeNull();
  });
});
