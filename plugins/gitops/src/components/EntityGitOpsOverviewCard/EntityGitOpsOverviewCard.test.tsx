import { screen, within } from '@testing-library/react';
import { entityApplicationsWithout } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { EntityGitOpsOverviewCard } from './EntityGitOpsOverviewCard';

describe('EntityGitOpsOverviewCard', () => {
  it('summarizes each environment in promotion order', async () => {
    await renderWithEntity(<EntityGitOpsOverviewCard />);
    const table = await screen.findByRole('table', { name: 'Environments' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map(row => row.querySelector('th')?.textContent)).toEqual([
      'Development1 application',
      'QA0 applications',
      'Production1 application',
    ]);
    expect(within(rows[1]).getByText('not deployed')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Degraded')).toBeInTheDocument();
    expect(within(rows[2]).getByText('a1b2c3d')).toBeInTheDocument();
    expect(screen.getByText('View GitOps').closest('a')).toHaveAttribute(
      'href',
      '/catalog/default/component/payments/gitops',
    );
  });

  it('shows progress while loading', async () => {
    await renderWithEntity(<EntityGitOpsOverviewCard />, {
      api: testGitOpsApi({
        getEntityApplications: () => new Promise(() => {}),
      }),
    });
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('names the agents that failed', async () => {
    const api = testGitOpsApi({
      getEntityApplications: async () =>
        entityApplicationsWithout('prod-agent', 'connection refused'),
    });
    await renderWithEntity(<EntityGitOpsOverviewCard />, { api });
    expect(
      await screen.findByText(/1 agent did not answer: prod-agent/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Environments' }),
    ).toBeInTheDocument();
  });

  it('does not name a failing agent that serves none of its applications', async () => {
    const api = testGitOpsApi({
      getEntityApplications: async () =>
        entityApplicationsWithout('harness-eu', 'refused', 'poll'),
    });
    await renderWithEntity(<EntityGitOpsOverviewCard />, { api });
    await screen.findByRole('table', { name: 'Environments' });
    expect(screen.queryByText(/did not answer/)).toBeNull();
  });
});
