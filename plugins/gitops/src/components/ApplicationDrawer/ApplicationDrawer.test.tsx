import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { prodApp } from '../../__testUtils__/fixtures';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderApplicationDrawer } from '../../__testUtils__/renderApplicationDrawer';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { catalogWith } from '../../__testUtils__/catalog';

async function openTab(name: string) {
  const tabs = await screen.findByRole('tablist', {
    name: 'Application details',
  });
  await userEvent.click(within(tabs).getByRole('tab', { name }));
}

describe('ApplicationDrawer', () => {
  const render = renderApplicationDrawer;

  it('shows the resource tree with health per resource', async () => {
    await render();
    expect(await screen.findByText('Deployment/payments')).toBeInTheDocument();
    expect(screen.getByText('ReplicaSet/payments-5d8f')).toBeInTheDocument();
    expect(screen.getByText('Service/payments')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /Open in agent UI/ }),
    ).toBeInTheDocument();
  });

  it('diffs live against desired state for what differs', async () => {
    await render();
    await openTab('Diff');
    expect(
      await screen.findByText('1 of 2 resources differ from Git'),
    ).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('Desired')).toBeInTheDocument();
    // YAML by default, as Argo CD shows a diff
    expect(document.body.textContent).toContain('port: 8080');
    expect(document.body.textContent).not.toContain('"port": 8080');
    await userEvent.click(screen.getByRole('button', { name: 'JSON' }));
    expect(document.body.textContent).toContain('"port": 8080');
    expect(document.body.textContent).toContain('"port": 80');
  });

  it('shows history with commit details and signature state', async () => {
    await render();
    await openTab('History');
    expect(await screen.findByText('Release b2c3d4e')).toBeInTheDocument();
    expect(await screen.findByText('Release a1b2c3d')).toBeInTheDocument();
    expect(screen.getByText('signed')).toBeInTheDocument();
    expect(screen.getByText('unsigned')).toBeInTheDocument();
    expect(screen.getByText(/\(current\)/)).toBeInTheDocument();
  });

  it('shows a failed last sync with its error in the header, and links the repository', async () => {
    const failing = {
      ...prodApp,
      sync: { status: 'Synced' as const, revision: prodApp.sync.revision },
      health: { status: 'Healthy' as const },
      operation: {
        phase: 'Failed' as const,
        message: 'Deployment.apps "payments" is invalid: spec.replicas',
        startedAt: '2024-05-01T10:00:00Z',
        finishedAt: '2024-05-01T10:00:42Z',
      },
    };
    await render({
      application: failing,
      api: testGitOpsApi({ getApplication: async () => failing }),
    });
    // visible on the first tab, although sync and health look fine
    const status = await screen.findByText(/^Last sync failed at /);
    expect(status).toHaveTextContent(
      'Deployment.apps "payments" is invalid: spec.replicas',
    );
    expect(
      screen.getByRole('link', { name: /acme\/payments-deploy/ }),
    ).toHaveAttribute('href', 'https://github.com/acme/payments-deploy');
  });

  it('shows no failure banner after a successful sync', async () => {
    await render();
    await screen.findByText('Deployment/payments');
    expect(screen.queryByText(/^Last sync failed/)).toBeNull();
  });

  it('shows the operation state with its message', async () => {
    const failing = {
      ...prodApp,
      operation: {
        phase: 'Failed' as const,
        message: 'one or more objects failed to apply',
        startedAt: '2024-05-01T10:00:00Z',
      },
    };
    await render({
      application: failing,
      api: testGitOpsApi({ getApplication: async () => failing }),
    });
    await openTab('Operation');
    expect(
      screen.getAllByText('one or more objects failed to apply').length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('Failed')).toBeInTheDocument();
  });

  it('lists sync windows, the ApplicationSet and events', async () => {
    const api = testGitOpsApi({
      getSyncWindows: async () => [
        {
          kind: 'deny',
          schedule: '0 22 * * *',
          duration: '8h',
          manualSync: true,
          active: false,
        },
      ],
      getApplicationEvents: async () => ({
        audit: [
          {
            id: 'a1',
            actor: 'user:default/alice',
            agentId: 'dev-agent',
            application: 'payments-dev',
            action: 'sync',
            parameters: {},
            outcome: 'succeeded',
            startedAt: '2024-05-01T10:00:00Z',
          },
          {
            id: 'a2',
            actor: 'user:default/bob',
            agentId: 'dev-agent',
            application: 'payments-dev',
            action: 'sync',
            parameters: { dryRun: true },
            outcome: 'succeeded',
            startedAt: '2024-05-01T10:05:00Z',
          },
        ],
        drift: [
          {
            id: 'd1',
            agentId: 'dev-agent',
            application: 'payments-dev',
            startedAt: '2024-05-01T11:00:00Z',
            syncStatus: 'OutOfSync',
          },
        ],
      }),
    });
    await render({ api });
    await openTab('Sync windows');
    expect(await screen.findByText('0 22 * * *')).toBeInTheDocument();
    // the schedule in words, with the time zone it is read in
    expect(screen.getByText('at 22:00 every day · UTC')).toBeInTheDocument();
    expect(screen.getByText('deny')).toBeInTheDocument();
    await openTab('ApplicationSet');
    expect(await screen.findByText('list: 3 environments')).toBeInTheDocument();
    await openTab('Events');
    expect(await screen.findByText('user:default/alice')).toBeInTheDocument();
    // a dry run is told apart from a sync
    const rows = screen.getAllByRole('row');
    const actionOf = (actor: string) =>
      rows.find(row => row.textContent?.includes(actor))?.children[1]
        .textContent;
    expect(actionOf('user:default/alice')).toBe('sync');
    expect(actionOf('user:default/bob')).toBe('sync (dry run)');
    expect(screen.getByText('still drifting')).toBeInTheDocument();
  });

  it('offers operations when permitted', async () => {
    await render();
    expect(
      await screen.findByRole('button', { name: /^Sync$/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Refresh$/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Rollback/ }),
    ).toBeInTheDocument();
  });

  it('shows the operations disabled, saying who owns the entity, without permission', async () => {
    const permissionApi = denyingPermissionApi();
    const authorize = jest.spyOn(permissionApi, 'authorize');
    const catalogApi = catalogWith([
      {
        apiVersion: 'backstage.io/v1alpha1',
        kind: 'Component',
        metadata: { name: 'locked', namespace: 'default' },
        spec: { owner: 'team-checkout' },
      },
    ]);
    // A ref of its own: usePermission caches decisions per permission and ref.
    await render({
      entityRef: 'component:default/locked',
      permissionApi,
      catalogApi,
    });
    expect(await screen.findByText('Deployment/payments')).toBeInTheDocument();
    await waitFor(() => expect(authorize).toHaveBeenCalledTimes(5));
    const reason = await screen.findByText(
      'team-checkout owns locked; only its owners may refresh, sync or roll back its applications.',
    );
    for (const name of [/^Sync$/, /^Refresh$/, /^Hard refresh$/, /Rollback/]) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-describedby', reason.id);
    }
    expect(
      screen.getByRole('button', {
        name: 'Terminate (team-checkout owns locked; only its owners may terminate operations of its applications.)',
      }),
    ).toBeDisabled();
  });

  it('shows only the operations the user may run', async () => {
    await render({
      entityRef: 'component:default/refresh-only',
      permissionApi: denyingPermissionApi([
        'gitops.application.sync',
        'gitops.application.rollback',
      ]),
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Refresh$/ })).toBeEnabled(),
    );
    expect(screen.getByRole('button', { name: /^Sync$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Rollback/ })).toBeDisabled();
    expect(
      screen.getByText(
        "You may not sync or roll back refresh-only's applications.",
      ),
    ).toBeInTheDocument();
  });
});
