import { ResponseError } from '@backstage/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import type { AgentPermissions } from '../../api';
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
    await openTab('Audit');
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

  it('says when the agent runs an older Argo CD release than the others', async () => {
    const status = (agentId: string, argoCdVersion: string) => ({
      agentId,
      kind: 'argocd',
      state: 'connected' as const,
      checkedAt: '2024-05-01T10:00:00Z',
      argoCdVersion,
    });
    const api = testGitOpsApi({
      getAgents: async () => ({
        items: [
          {
            id: 'dev-agent',
            kind: 'argocd',
            product: 'Argo CD',
            status: status('dev-agent', 'v2.9.21+6c4a4ee'),
          },
          {
            id: 'prod-agent',
            kind: 'argocd',
            product: 'Argo CD',
            status: status('prod-agent', 'v2.14.2'),
          },
        ],
        errors: [],
      }),
    });
    await render({ api });
    expect(
      await screen.findByText(
        /^Argo CD 2\.9 runs on dev-agent; the other agents run 2\.14\./,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Open in Argo CD/ }),
    ).toBeInTheDocument();
  });

  it('names each tab panel by its tab, and its close button by what it closes', async () => {
    await render();
    await openTab('History');
    const panel = screen.getByRole('tabpanel', { name: 'History' });
    expect(panel).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute(
      'aria-controls',
      panel.id,
    );
    expect(
      screen.getByRole('button', { name: 'Close details' }),
    ).toBeInTheDocument();
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
    await waitFor(() => expect(authorize).toHaveBeenCalledTimes(6));
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
    expect(
      screen.getByRole('button', {
        name: 'Sync policy (team-checkout owns locked; only its owners may change the sync policy of its applications.)',
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

  describe("the agent's own access control", () => {
    const refusal =
      'Argo CD RBAC refuses it: permission denied: applications, sync, payments/payments-dev, sub: dana';
    /** What the backend answers for dana on an agent that decides as the user. */
    const danaOnArgoCd = (): AgentPermissions => ({
      identity: 'forwarded-oidc-token',
      actions: {
        refresh: { allowed: true },
        sync: { allowed: false, reason: refusal },
        rollback: { allowed: false, reason: refusal },
        terminate: { allowed: false, reason: refusal },
        action: { allowed: false, reason: refusal },
      },
    });

    it("disables Sync, Rollback, Terminate and resource actions the agent refuses, with the agent's reason", async () => {
      const getAgentPermissions = jest.fn(async () => danaOnArgoCd());
      await render({
        entityRef: 'component:default/agent-refuses',
        api: testGitOpsApi({ getAgentPermissions }),
      });
      const reason = await screen.findByText(refusal);
      const sync = screen.getByRole('button', { name: /^Sync$/ });
      expect(sync).toBeDisabled();
      expect(sync).toHaveAttribute('aria-describedby', reason.id);
      expect(screen.getByRole('button', { name: /Rollback/ })).toBeDisabled();
      expect(
        screen.getByRole('button', { name: `Terminate (${refusal})` }),
      ).toBeDisabled();
      // what the agent allows stays as it is
      expect(screen.getByRole('button', { name: /^Refresh$/ })).toBeEnabled();
      // one line for the one reason
      expect(screen.getAllByText(refusal)).toHaveLength(1);
      expect(getAgentPermissions).toHaveBeenCalledWith({
        entityRef: 'component:default/agent-refuses',
        agentId: 'dev-agent',
        name: 'payments-dev',
        namespace: 'argocd',
      });

      await userEvent.click(
        await screen.findByRole('button', {
          name: 'Actions for Deployment/payments',
        }),
      );
      const restart = await screen.findByRole('menuitem', { name: /restart/ });
      expect(restart).toHaveAttribute('aria-disabled', 'true');
      expect(restart).toHaveTextContent(refusal);
    });

    it("puts the Backstage permission first: its reason, not the agent's, for what it denies", async () => {
      await render({
        entityRef: 'component:default/both-refuse',
        permissionApi: denyingPermissionApi(['gitops.application.sync']),
        api: testGitOpsApi({ getAgentPermissions: async () => danaOnArgoCd() }),
      });
      const own = await screen.findByText(
        "You may not sync both-refuse's applications.",
      );
      const sync = screen.getByRole('button', { name: /^Sync$/ });
      expect(sync).toBeDisabled();
      expect(sync).toHaveAttribute('aria-describedby', own.id);
      // rollback, which the permission allows, is the agent's to refuse
      const agent = screen.getByText(refusal);
      expect(
        screen
          .getByRole('button', { name: /Rollback/ })
          .getAttribute('aria-describedby')
          ?.split(' '),
      ).toContain(agent.id);
      // the permission's reason is written before the agent's
      expect(
        own.compareDocumentPosition(agent) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    });

    it('disables nothing more when the operations go with the shared credential', async () => {
      await render({
        entityRef: 'component:default/shared-credential',
        api: testGitOpsApi({
          getAgentPermissions: async () => ({
            ...danaOnArgoCd(),
            identity: 'shared-credential',
          }),
        }),
      });
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /^Sync$/ })).toBeEnabled(),
      );
      expect(screen.queryByText(refusal)).toBeNull();
    });

    it('disables nothing when the agent permissions cannot be read', async () => {
      await render({
        entityRef: 'component:default/no-agent-permissions',
        api: testGitOpsApi({
          getAgentPermissions: async () => {
            throw new Error('agent-permissions unavailable');
          },
        }),
      });
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /^Sync$/ })).toBeEnabled(),
      );
    });

    it("shows the backend's 401 on an operation, and asks the agent again after it", async () => {
      const signInAgain =
        'Your sign-in to the identity provider has expired; sign in again to sync through prod-agent.';
      // every action allowed (the test API's answer), deciding as the user
      const allowed = testGitOpsApi();
      const getAgentPermissions = jest.fn(
        async (app: EntityApplicationRef): Promise<AgentPermissions> => ({
          ...(await allowed.getAgentPermissions(app)),
          identity: 'forwarded-oidc-token',
        }),
      );
      const syncApplication = jest.fn(async () => {
        throw await ResponseError.fromResponse(
          new Response(
            JSON.stringify({
              error: { name: 'AuthenticationError', message: signInAgain },
              request: { method: 'POST', url: '/sync' },
              response: { statusCode: 401 },
            }),
            {
              status: 401,
              statusText: 'Unauthorized',
              headers: { 'Content-Type': 'application/json' },
            },
          ),
        );
      });
      await render({
        entityRef: 'component:default/expired-token',
        api: testGitOpsApi({ getAgentPermissions, syncApplication }),
      });
      await waitFor(() => expect(getAgentPermissions).toHaveBeenCalledTimes(1));
      await userEvent.click(
        await screen.findByRole('button', { name: /^Sync$/ }),
      );
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(
        await within(dialog).findByRole('button', { name: 'Synchronize' }),
      );
      expect(
        await screen.findByText(`Sync failed: ${signInAgain}`),
      ).toBeInTheDocument();
      await waitFor(() => expect(getAgentPermissions).toHaveBeenCalledTimes(2));
    });
  });
});
