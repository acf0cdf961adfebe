import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { devApp, entityRef, prodApp } from '../../__testUtils__/fixtures';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { ApplicationDrawer } from './ApplicationDrawer';

async function openTab(name: string) {
  const tabs = await screen.findByRole('tablist', {
    name: 'Application details',
  });
  await userEvent.click(within(tabs).getByRole('tab', { name }));
}

describe('ApplicationDrawer', () => {
  const render = (options: Parameters<typeof renderWithEntity>[1] = {}) =>
    renderWithEntity(
      <ApplicationDrawer
        entityRef={entityRef}
        application={devApp}
        onClose={jest.fn()}
      />,
      options,
    );

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

  it('shows the operation state with its message', async () => {
    const failing = {
      ...prodApp,
      operation: {
        phase: 'Failed' as const,
        message: 'one or more objects failed to apply',
        startedAt: '2024-05-01T10:00:00Z',
      },
    };
    await renderWithEntity(
      <ApplicationDrawer
        entityRef={entityRef}
        application={failing}
        onClose={jest.fn()}
      />,
      { api: testGitOpsApi({ getApplication: async () => failing }) },
    );
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
    expect(screen.getByText('deny')).toBeInTheDocument();
    await openTab('ApplicationSet');
    expect(await screen.findByText('list: 3 environments')).toBeInTheDocument();
    await openTab('Events');
    expect(await screen.findByText('user:default/alice')).toBeInTheDocument();
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

  it('shows no operation buttons without permission', async () => {
    const permissionApi = denyingPermissionApi();
    const authorize = jest.spyOn(permissionApi, 'authorize');
    // A ref of its own: usePermission caches decisions per permission and ref.
    await renderWithEntity(
      <ApplicationDrawer
        entityRef="component:default/locked"
        application={devApp}
        onClose={jest.fn()}
      />,
      { permissionApi },
    );
    expect(await screen.findByText('Deployment/payments')).toBeInTheDocument();
    await waitFor(() => expect(authorize).toHaveBeenCalledTimes(3));
    await act(async () => {});
    expect(
      screen.queryByRole('button', { name: /^Sync$/ }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Refresh/ }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Rollback/ }),
    ).not.toBeInTheDocument();
  });

  it('shows only the operations the user may run', async () => {
    await renderWithEntity(
      <ApplicationDrawer
        entityRef="component:default/refresh-only"
        application={devApp}
        onClose={jest.fn()}
      />,
      {
        permissionApi: denyingPermissionApi([
          'gitops.application.sync',
          'gitops.application.rollback',
        ]),
      },
    );
    expect(
      await screen.findByRole('button', { name: /^Refresh$/ }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /^Sync$/ }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Rollback/ }),
    ).not.toBeInTheDocument();
  });
});
