import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { devApp, prodApp } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import {
  fleetApplicationsOf,
  testGitOpsApi,
} from '../../__testUtils__/testGitOpsApi';
import { GitOpsFleetPage } from './GitOpsFleetPage';

const repositories = {
  items: [
    {
      agentId: 'dev-agent',
      repo: 'git@github.com:acme/payments-deploy.git',
      type: 'git',
      project: 'payments',
      hasCredentials: true,
      connectionState: {
        status: 'Successful',
        attemptedAt: '2026-11-22T10:00:00Z',
      },
    },
    {
      agentId: 'prod-agent',
      repo: 'https://charts.acme.example/stable',
      type: 'helm',
      name: 'acme-charts',
      hasCredentials: false,
      connectionState: {
        status: 'Failed',
        message: 'repository not accessible: 403 Forbidden',
      },
    },
  ],
  errors: [],
};

describe('the Repositories view of the fleet page', () => {
  it('lists each repository with its state, last error, type, project and the applications deploying from it', async () => {
    const getRepositories = jest.fn(async () => repositories);
    await renderWithEntity(<GitOpsFleetPage />, {
      api: testGitOpsApi({
        getRepositories,
        getFleetApplications: fleetApplicationsOf([devApp, prodApp]),
      }),
    });
    expect(getRepositories).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Repositories' }));

    const panel = screen.getByRole('tabpanel', { name: 'Repositories' });
    const table = await within(panel).findByRole('table', {
      name: 'Repositories',
    });
    const git = within(table).getByRole('row', { name: /payments-deploy/ });
    expect(git).toHaveTextContent('Git');
    expect(git).toHaveTextContent('payments');
    expect(git).toHaveTextContent('Successful');
    expect(git).toHaveTextContent('kept by the agent');
    // the same repository, as the application's https URL names it; the
    // prod agent's application is not this agent's repository's
    expect(git).toHaveTextContent('payments-dev');
    expect(git).not.toHaveTextContent('payments-prod');

    const helm = within(table).getByRole('row', { name: /charts/ });
    expect(helm).toHaveTextContent('Helm');
    expect(helm).toHaveTextContent('any project');
    expect(helm).toHaveTextContent('repository not accessible: 403 Forbidden');
    expect(helm).toHaveTextContent('none in the fleet');
  });
});
