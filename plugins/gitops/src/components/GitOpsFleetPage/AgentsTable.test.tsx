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
  it('shows an outage message in a column of its own that wraps between words', async () => {
    await renderInTestApp(<AgentsTable agents={agents} />);
    const table = screen.getByRole('table', { name: 'Agents' });
    const row = within(table).getByRole('row', { name: /argocd-prod/ });
    const cell = within(row).getByText(message);
    expect(cell.tagName).toBe('TD');
    expect(cell).toHaveStyle({ minWidth: '240px' });
    expect(cell).not.toHaveStyle({ wordBreak: 'break-all' });
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
