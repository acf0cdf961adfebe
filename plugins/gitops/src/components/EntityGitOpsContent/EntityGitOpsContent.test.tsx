import { ResponseError } from '@backstage/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  entity,
  entityApplications,
  entityApplicationsWithout,
  unannotatedEntity,
} from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { EntityGitOpsContent } from './EntityGitOpsContent';
import '../../__testUtils__/loadSplitViews';

async function notFound() {
  return ResponseError.fromResponse(
    new Response(
      JSON.stringify({
        error: { name: 'NotFoundError', message: 'no annotations' },
      }),
      {
        status: 404,
        statusText: 'Not Found',
        headers: { 'Content-Type': 'application/json' },
      },
    ),
  );
}

describe('EntityGitOpsContent', () => {
  it('shows progress while loading', async () => {
    const api = testGitOpsApi({
      getEntityApplications: () => new Promise(() => {}),
    });
    await renderWithEntity(<EntityGitOpsContent />, { api });
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('renders the environment matrix in promotion order and the table', async () => {
    await renderWithEntity(<EntityGitOpsContent />);
    const matrix = await screen.findByRole('table', {
      name: 'Environment matrix',
    });
    const headers = within(matrix)
      .getAllByRole('columnheader')
      .map(h => h.textContent);
    expect(headers).toEqual(['Service', 'Development', 'QA', 'Production']);
    expect(within(matrix).getByText('payments')).toBeInTheDocument();
    // the revision links to its commit, beside the button that opens the
    // application (never inside it)
    const commit = within(matrix).getByRole('link', {
      name: /^Commit b2c3d4e/,
    });
    expect(commit.getAttribute('href')).toMatch(
      /^https:\/\/github\.com\/.+\/commit\/b2c3d4e/,
    );
    expect(commit.closest('button')).toBeNull();
    expect(commit.parentElement!.textContent).toMatch(/^b2c3d4e.* · 1\.4\.2$/);
    expect(within(matrix).getByLabelText('behind dev')).toBeInTheDocument();
    expect(within(matrix).getByLabelText('not deployed')).toBeInTheDocument();
    expect(within(matrix).getAllByText('OutOfSync').length).toBeGreaterThan(0);
    expect(within(matrix).getByText('Degraded')).toBeInTheDocument();
    expect(screen.getByText('Applications (2)')).toBeInTheDocument();
    expect(
      screen.getByLabelText(/Open payments-prod in the agent UI/),
    ).toHaveAttribute(
      'href',
      'https://argocd-prod.example.com/applications/argocd/payments-prod',
    );
  });

  it('reads the pull requests once for the Promotion card and the pull-request list', async () => {
    let reads = 0;
    const api = testGitOpsApi({
      getEntityPullRequests: async () => {
        reads++;
        return {
          entityRef: 'component:default/payments',
          pullRequests: [],
          errors: [],
        };
      },
    });
    await renderWithEntity(<EntityGitOpsContent />, { api });
    await screen.findByRole('table', { name: 'Environment matrix' });
    await waitFor(() => expect(reads).toBe(1));
    // both cards have what they asked for, from that one read
    await new Promise(resolve => setTimeout(resolve, 50));
    expect(reads).toBe(1);
  });

  it('shows a banner per failed agent while the rest renders', async () => {
    const api = testGitOpsApi({
      getEntityApplications: async () => ({
        ...entityApplications,
        environments: entityApplications.environments.map(group =>
          group.name === 'prod' ? { ...group, applications: [] } : group,
        ),
        errors: [
          {
            agentId: 'prod-agent',
            code: 'timeout',
            message: 'no answer within 10 s',
          },
        ],
      }),
    });
    await renderWithEntity(<EntityGitOpsContent />, { api });
    expect(
      await screen.findByText(/Agent prod-agent did not answer in time/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Environment matrix' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Applications (1)')).toBeInTheDocument();
  });

  it('shows the Production column as unknown while its agent is unreachable', async () => {
    const api = testGitOpsApi({
      getEntityApplications: async () =>
        entityApplicationsWithout(
          'prod-agent',
          'connect ECONNREFUSED 10.0.0.7:443',
          'watch',
        ),
    });
    await renderWithEntity(<EntityGitOpsContent />, { api });
    const matrix = await screen.findByRole('table', {
      name: 'Environment matrix',
    });
    expect(
      within(matrix).getByRole('columnheader', { name: /^Production/ }),
    ).toBeInTheDocument();
    const prod = within(matrix).getByRole('button', {
      name: /^Open payments-prod /,
    });
    expect(
      within(prod).getByText('unknown: agent unreachable'),
    ).toBeInTheDocument();
    expect(
      within(prod).getByText('last known: OutOfSync · Degraded'),
    ).toBeInTheDocument();
    // the other agent's application keeps its live state
    const dev = within(matrix).getByRole('button', {
      name: /^Open payments-dev /,
    });
    expect(within(dev).queryByText(/^unknown:/)).toBeNull();
    expect(
      screen.getByText(
        /Agent prod-agent is unreachable; its applications below show their last known state/,
      ),
    ).toBeInTheDocument();
  });

  it("shows no warning for an agent that serves none of the entity's applications", async () => {
    const api = testGitOpsApi({
      getEntityApplications: async () =>
        entityApplicationsWithout(
          'harness-eu',
          'connect ECONNREFUSED 10.0.0.9:443',
          'poll',
        ),
    });
    await renderWithEntity(<EntityGitOpsContent />, { api });
    await screen.findByRole('table', { name: 'Environment matrix' });
    expect(screen.queryByText(/Agent harness-eu/)).toBeNull();
  });

  it('names the annotations when the entity has none', async () => {
    await renderWithEntity(<EntityGitOpsContent />, {
      entity: unannotatedEntity,
    });
    expect(screen.getByText(/Missing GitOps annotation/)).toBeInTheDocument();
    expect(screen.getAllByText(/gitops\/service/).length).toBeGreaterThan(0);
    expect(screen.getByText('argocd/app-name')).toBeInTheDocument();
    expect(screen.getByText('gitops/app-selector')).toBeInTheDocument();
  });

  it('treats a 404 from the backend as missing annotations', async () => {
    const api = testGitOpsApi({
      getEntityApplications: async () => Promise.reject(await notFound()),
    });
    await renderWithEntity(<EntityGitOpsContent />, { api });
    expect(
      await screen.findByText(/Missing GitOps annotation/),
    ).toBeInTheDocument();
  });

  it('explains when the annotations match nothing', async () => {
    const api = testGitOpsApi({
      getEntityApplications: async () => ({
        ...entityApplications,
        environments: entityApplications.environments.map(group => ({
          ...group,
          applications: [],
        })),
      }),
    });
    await renderWithEntity(<EntityGitOpsContent />, { api, entity });
    expect(
      await screen.findByText('No GitOps applications match this entity'),
    ).toBeInTheDocument();
    expect(screen.getByText('gitops/service:')).toBeInTheDocument();
  });

  it('opens the application drawer from a matrix cell', async () => {
    await renderWithEntity(<EntityGitOpsContent />);
    const matrix = await screen.findByRole('table', {
      name: 'Environment matrix',
    });
    await userEvent.click(
      within(matrix).getByRole('button', { name: /^Open payments-prod / }),
    );
    const tabs = await screen.findByRole('tablist', {
      name: 'Application details',
    });
    expect(within(tabs).getByRole('tab', { name: 'Diff' })).toBeInTheDocument();
    expect(await screen.findByText('Deployment/payments')).toBeInTheDocument();
  });

  it('opens the drawer an URL names, and keeps the open drawer in the URL', async () => {
    const prod = entityApplications.environments[2].applications[0];
    await renderWithEntity(<EntityGitOpsContent />, {
      routeEntries: [`/?application=${encodeURIComponent(prod.key)}`],
    });
    const tabs = await screen.findByRole('tablist', {
      name: 'Application details',
    });
    expect(tabs).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: prod.name, level: 5 }),
    ).toBeInTheDocument();
    // closing takes the application out of the URL: the drawer stays shut
    await userEvent.click(
      screen.getByRole('button', { name: 'Close details' }),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('tablist', { name: 'Application details' }),
      ).not.toBeInTheDocument(),
    );
    // and opening it again puts it back
    await userEvent.click(
      await screen.findByRole('button', { name: /^Open payments-prod/ }),
    );
    expect(
      await screen.findByRole('tablist', { name: 'Application details' }),
    ).toBeInTheDocument();
  });

  it('opens nothing for an application the entity does not have', async () => {
    await renderWithEntity(<EntityGitOpsContent />, {
      routeEntries: ['/?application=elsewhere%3Aargocd%2Fnope'],
    });
    await screen.findByRole('table', { name: 'Environment matrix' });
    expect(
      screen.queryByRole('tablist', { name: 'Application details' }),
    ).not.toBeInTheDocument();
  });
});
