import { ResponseError } from '@backstage/errors';
import type { FleetSummary } from '@gitops-suite/plugin-gitops-common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { application, devApp, prodApp } from '../../__testUtils__/fixtures';
import { serviceComponent } from '../../__testUtils__/catalog';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import {
  fleetApplicationPagesOf,
  testGitOpsApi,
} from '../../__testUtils__/testGitOpsApi';
import { InMemoryCatalogClient } from '@backstage/catalog-client/testUtils';
import { GitOpsFleetPage } from './GitOpsFleetPage';
import '../../__testUtils__/loadSplitViews';

const summary: FleetSummary = {
  total: 12,
  bySync: { Synced: 9, OutOfSync: 2, Unknown: 1 },
  byHealth: {
    Healthy: 8,
    Progressing: 1,
    Degraded: 2,
    Suspended: 1,
    Missing: 0,
    Unknown: 0,
  },
  byAgent: [{ agentId: 'prod-agent', total: 6, outOfSync: 2, degraded: 2 }],
  byEnvironment: [
    { environment: 'dev', total: 6, outOfSync: 0, degraded: 0 },
    { environment: 'prod', total: 6, outOfSync: 2, degraded: 2 },
  ],
  drifting: 2,
  agents: [],
  errors: [],
};

const agents = {
  items: [
    {
      id: 'prod-agent',
      kind: 'argocd',
      region: 'eu-west-1',
      environments: ['prod'],
      status: {
        agentId: 'prod-agent',
        kind: 'argocd',
        state: 'connected' as const,
        version: 'v2.11.3',
        checkedAt: '2024-05-01T12:00:00Z',
      },
    },
    {
      id: 'dev-agent',
      kind: 'harness',
      region: 'us-east-1',
      environments: ['dev'],
      status: {
        agentId: 'dev-agent',
        kind: 'harness',
        state: 'error' as const,
        message: 'token expired',
        checkedAt: '2024-05-01T12:00:00Z',
      },
    },
  ],
  errors: [],
};

function fleetApi(overrides: Parameters<typeof testGitOpsApi>[0] = {}) {
  return testGitOpsApi({
    getFleetSummary: jest.fn(async () => summary),
    getFleetApplicationsPage: jest.fn(
      fleetApplicationPagesOf([
        devApp,
        { ...prodApp, entityRefs: ['component:default/payments'] } as never,
      ]),
    ),
    getAgents: async () => agents,
    getEnvironments: async () => [
      { name: 'prod', order: 2 },
      { name: 'dev', order: 0 },
    ],
    ...overrides,
  });
}

// the whole page renders (tables, charts, drawer) on a busy 2-core machine:
// a few seconds each, over jest's default 5 s when CI runs suites in
// parallel (paging renders the page three times); the tests wait for
// states, this only bounds how long
jest.setTimeout(60_000);

describe('GitOpsFleetPage', () => {
  it('shows progress while loading', async () => {
    await renderWithEntity(<GitOpsFleetPage />, {
      api: fleetApi({ getFleetSummary: () => new Promise(() => {}) }),
    });
    expect(screen.getByTestId('progress')).toBeInTheDocument();
  });

  it('shows counts, the applications needing attention and the agents', async () => {
    await renderWithEntity(<GitOpsFleetPage />, { api: fleetApi() });
    expect(
      await screen.findByRole('img', {
        name: 'Health: 8 Healthy, 1 Progressing, 2 Degraded, 1 Suspended, 0 Missing, 0 Unknown',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Sync: 9 Synced, 2 OutOfSync, 1 Unknown',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Needs attention (1)')).toBeInTheDocument();
    const owner = screen.getByRole('link', { name: 'payments' });
    expect(owner).toHaveAttribute(
      'href',
      '/catalog/default/component/payments',
    );
    expect(screen.getByText('v2.11.3')).toBeInTheDocument();
    expect(screen.getByText(/token expired/)).toBeInTheDocument();
  });

  it("opens a row needing attention in the drawer, on behalf of the entity annotated with its service, and shows the agent's error", async () => {
    // the backend names no owner: the catalog knows which entity deploys
    // the `payments` service
    const failed = {
      ...prodApp,
      operation: {
        phase: 'Failed' as const,
        message: 'one or more synchronization tasks completed unsuccessfully',
      },
    };
    await renderWithEntity(<GitOpsFleetPage />, {
      api: fleetApi({
        getFleetApplicationsPage: jest.fn(
          fleetApplicationPagesOf([devApp, failed]),
        ),
        getApplication: async () => failed,
      }),
      catalogApi: new InMemoryCatalogClient({
        entities: [
          serviceComponent('payments', {
            annotations: { 'gitops/service': 'payments' },
          }),
          serviceComponent('search', {
            owner: 'team-b',
            annotations: { 'gitops/service': 'search' },
          }),
        ],
      }),
    });
    const row = (await screen.findByText('Needs attention (1)'))
      .closest('div[class*="MuiPaper"]')!
      .querySelector('tbody tr') as HTMLElement;
    expect(
      within(row).getByText(
        'Sync failed: one or more synchronization tasks completed unsuccessfully',
      ),
    ).toBeInTheDocument();
    expect(
      await within(row).findByRole('link', { name: 'payments' }),
    ).toHaveAttribute('href', '/catalog/default/component/payments');
    within(row).getByRole('button', { name: 'payments-prod' }).focus();
    await userEvent.keyboard('{Enter}');
    const tabs = await screen.findByRole('tablist', {
      name: 'Application details',
    });
    expect(tabs).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'payments-prod' }),
    ).toBeVisible();
  });

  it("names the owners of applications the Argo CD plugins' annotations map, and opens their rows", async () => {
    const degraded = { status: 'Degraded' as const, message: 'crash loop' };
    const byName = application({
      name: 'legacy-api',
      service: undefined,
      labels: {},
      health: degraded,
    });
    const bySelector = application({
      name: 'legacy-worker',
      service: undefined,
      labels: { app: 'legacy-worker' },
      health: degraded,
    });
    const component = (name: string, annotations: Record<string, string>) =>
      serviceComponent(name, { annotations });
    await renderWithEntity(<GitOpsFleetPage />, {
      api: fleetApi({
        getFleetApplicationsPage: jest.fn(
          fleetApplicationPagesOf([byName, bySelector]),
        ),
        getApplication: async ref =>
          ref.name === byName.name ? byName : bySelector,
      }),
      catalogApi: new InMemoryCatalogClient({
        entities: [
          component('legacy-api', { 'argocd/app-name': 'legacy-api' }),
          component('legacy-worker', {
            'argocd/app-selector': 'app=legacy-worker',
          }),
          component('unrelated', { 'gitops/app-name': 'something-else' }),
        ],
      }),
    });
    const table = (await screen.findByText('Needs attention (2)')).closest(
      'div[class*="MuiPaper"]',
    ) as HTMLElement;
    expect(
      await within(table).findByRole('link', { name: 'legacy-api' }),
    ).toHaveAttribute('href', '/catalog/default/component/legacy-api');
    expect(
      await within(table).findByRole('link', { name: 'legacy-worker' }),
    ).toHaveAttribute('href', '/catalog/default/component/legacy-worker');
    expect(within(table).queryByRole('link', { name: 'unrelated' })).toBeNull();
    await userEvent.click(
      within(table).getByRole('button', { name: 'legacy-worker' }),
    );
    expect(
      await screen.findByRole('tablist', { name: 'Application details' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'legacy-worker' }),
    ).toBeVisible();
  });

  it('names configured environments by their titles, and a cluster fallback as one', async () => {
    await renderWithEntity(<GitOpsFleetPage />, {
      api: fleetApi({
        getEnvironments: async () => [
          { name: 'prod', title: 'Production', order: 2 },
          { name: 'dev', title: 'Development', order: 0 },
        ],
        getFleetSummary: async () => ({
          ...summary,
          byEnvironment: [
            ...summary.byEnvironment,
            { environment: 'in-cluster', total: 3, outOfSync: 0, degraded: 0 },
          ],
        }),
      }),
    });
    expect(await screen.findByText('Production (6)')).toBeInTheDocument();
    expect(screen.getByText('Development (6)')).toBeInTheDocument();
    expect(screen.getByText('in-cluster (cluster) (3)')).toBeInTheDocument();
  });

  it('reads only the page of applications it shows, and moves by cursors', async () => {
    const degraded = Array.from({ length: 45 }, (_, i) =>
      application({
        name: `svc-${String(i).padStart(2, '0')}-prod`,
        service: `svc-${String(i).padStart(2, '0')}`,
        health: { status: 'Degraded', message: `probe ${i} failed` },
      }),
    );
    const api = fleetApi({
      getFleetApplicationsPage: jest.fn(fleetApplicationPagesOf(degraded)),
    });
    await renderWithEntity(<GitOpsFleetPage />, { api });
    expect(await screen.findByText('Needs attention (45)')).toBeInTheDocument();
    const names = () =>
      screen
        .getAllByRole('row')
        .flatMap(row => row.textContent?.match(/svc-\d+-prod/)?.[0] ?? []);
    expect(names()).toHaveLength(20);
    expect(names()[0]).toBe('svc-00-prod');
    expect(api.getFleetApplicationsPage).toHaveBeenLastCalledWith(
      { attention: true },
      { limit: 20 },
    );

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(names()[0]).toBe('svc-20-prod'));
    expect(api.getFleetApplicationsPage).toHaveBeenLastCalledWith(
      { attention: true },
      { limit: 20, cursor: '20' },
    );
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(names()).toHaveLength(5));
    expect(names()[4]).toBe('svc-44-prod');
    await userEvent.click(
      screen.getByRole('button', { name: /previous page/i }),
    );
    await waitFor(() => expect(names()[0]).toBe('svc-20-prod'));
    // no page is read whole: every read asked for 20 at most
    for (const [, page] of jest.mocked(api.getFleetApplicationsPage).mock
      .calls) {
      expect(page.limit).toBe(20);
    }
  });

  it('searches the applications that need attention at the backend', async () => {
    const api = fleetApi();
    await renderWithEntity(<GitOpsFleetPage />, { api });
    await screen.findByText('Needs attention (1)');
    await userEvent.type(
      screen.getByLabelText('Search the applications that need attention'),
      'ledger',
    );
    await waitFor(() =>
      expect(api.getFleetApplicationsPage).toHaveBeenLastCalledWith(
        { attention: true, search: 'ledger' },
        { limit: 20 },
      ),
    );
    // the table settles once the empty page's claims are read
    await waitFor(() =>
      expect(
        screen.getByText(
          'No application that needs attention matches "ledger".',
        ),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText('Needs attention (0)')).toBeInTheDocument();
  });

  it('reads its filters from the URL', async () => {
    const api = fleetApi();
    await renderWithEntity(<GitOpsFleetPage />, {
      api,
      routeEntries: [
        '/gitops?health=Degraded&agent=prod-agent&agent=dev-agent',
      ],
    });
    await screen.findByText('Needs attention (1)');
    expect(api.getFleetSummary).toHaveBeenCalledWith({
      health: ['Degraded'],
      agent: ['prod-agent', 'dev-agent'],
    });
    expect(api.getFleetApplicationsPage).toHaveBeenCalledWith(
      {
        health: ['Degraded'],
        agent: ['prod-agent', 'dev-agent'],
        attention: true,
      },
      { limit: 20 },
    );
  });

  it('filters by a status when its legend entry is clicked', async () => {
    const api = fleetApi();
    await renderWithEntity(<GitOpsFleetPage />, { api });
    await userEvent.click(
      await screen.findByRole('button', { name: /^Filter by Degraded \d/ }),
    );
    await waitFor(() =>
      expect(api.getFleetApplicationsPage).toHaveBeenLastCalledWith(
        { health: ['Degraded'], attention: true },
        { limit: 20 },
      ),
    );
  });

  it('filters with the selects', async () => {
    const api = fleetApi();
    await renderWithEntity(<GitOpsFleetPage />, { api });
    await screen.findByText('Needs attention (1)');
    await userEvent.click(screen.getByLabelText('Environment'));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map(o => o.textContent),
    ).toEqual(['dev', 'prod']);
    await userEvent.click(
      within(listbox).getByRole('option', { name: 'prod' }),
    );
    await waitFor(() =>
      expect(api.getFleetSummary).toHaveBeenLastCalledWith({
        environment: ['prod'],
      }),
    );
  });

  it('keeps rendering when some agents failed', async () => {
    const api = fleetApi({
      getFleetSummary: async () => ({
        ...summary,
        errors: [
          {
            agentId: 'dev-agent',
            code: 'unauthorized',
            message: 'token expired',
          },
        ],
      }),
    });
    await renderWithEntity(<GitOpsFleetPage />, { api });
    expect(
      await screen.findByText(
        /Agent dev-agent rejected the portal credentials/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Needs attention (1)')).toBeInTheDocument();
  });

  it('explains a missing fleet permission', async () => {
    const forbidden = await ResponseError.fromResponse(
      new Response(
        JSON.stringify({
          error: { name: 'NotAllowedError', message: 'Unauthorized' },
          response: { statusCode: 403 },
        }),
        {
          status: 403,
          statusText: 'Forbidden',
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    );
    await renderWithEntity(<GitOpsFleetPage />, {
      api: fleetApi({ getFleetSummary: async () => Promise.reject(forbidden) }),
    });
    expect(
      await screen.findByText(/You may not view the GitOps fleet/),
    ).toBeInTheDocument();
  });
});
