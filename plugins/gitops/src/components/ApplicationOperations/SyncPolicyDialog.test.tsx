import { ResponseError } from '@backstage/errors';
import {
  gitopsApplicationSyncPolicyUpdatePermission,
  type GitOpsApplication,
  type SyncPolicyRequest,
} from '@gitops-suite/plugin-gitops-common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { devApp } from '../../__testUtils__/fixtures';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderApplicationDrawer } from '../../__testUtils__/renderApplicationDrawer';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';

const paused: GitOpsApplication = {
  ...devApp,
  syncPolicy: { ...devApp.syncPolicy, automated: false, prune: false },
};

/** The drawer header's policy badges, as their labels. */
function badges() {
  const header = screen.getByRole('heading', { name: devApp.name });
  return within(header.parentElement!.parentElement!)
    .queryAllByText(/^(automated|prune|selfHeal|manual)$/)
    .map(chip => chip.textContent);
}

async function openDialog() {
  await userEvent.click(
    await screen.findByRole('button', { name: 'Sync policy' }),
  );
  return screen.findByRole('dialog', {
    name: `Sync policy of ${devApp.name}`,
  });
}

describe('SyncPolicyDialog (in the application drawer)', () => {
  it('pauses automated sync with a reason, and the drawer re-reads the application', async () => {
    const sent: SyncPolicyRequest[] = [];
    let current = devApp;
    const api = testGitOpsApi({
      getApplication: async () => current,
      updateSyncPolicy: async (_ref, request) => {
        sent.push(request);
        current = paused;
        return { auditId: 'audit-7', application: paused };
      },
    });
    renderApplicationDrawer({ api });
    await waitFor(() => expect(badges()).toEqual(['automated', 'prune']));

    const dialog = await openDialog();
    const automated = within(dialog).getByRole('checkbox', {
      name: 'Automated sync',
    });
    expect(automated).toBeChecked();
    await userEvent.click(automated);
    // prune and self-heal apply to automated syncs only
    expect(
      within(dialog).getByRole('checkbox', { name: 'Prune' }),
    ).toBeDisabled();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Self-heal' }),
    ).not.toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Saving changes: Automated sync on → off, Prune on → off.',
    );
    // the reason is required
    const confirm = within(dialog).getByRole('button', {
      name: 'Pause automated sync',
    });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'INC-42: hotfix by hand',
    );
    await userEvent.click(confirm);

    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    expect(sent).toEqual([
      {
        automated: false,
        prune: false,
        selfHeal: false,
        reason: 'INC-42: hotfix by hand',
      },
    ]);
    await waitFor(() => expect(badges()).toEqual(['manual']));
  });

  it("shows the backend's refusal in the dialog and keeps it open", async () => {
    const api = testGitOpsApi({
      updateSyncPolicy: async () => {
        throw await ResponseError.fromResponse(
          new Response(
            JSON.stringify({
              error: { name: 'NotAllowedError', message: 'not the owner' },
            }),
            {
              status: 403,
              statusText: 'Forbidden',
              headers: { 'Content-Type': 'application/json' },
            },
          ),
        );
      },
    });
    renderApplicationDrawer({ api });
    const dialog = await openDialog();
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Self-heal' }),
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'heal drift',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save sync policy' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'not the owner',
    );
  });

  it('is disabled with the reason when the permission is denied', async () => {
    renderApplicationDrawer({
      // a ref of its own: usePermission caches decisions per permission and ref
      entityRef: 'component:default/locked-sync-policy',
      permissionApi: denyingPermissionApi([
        gitopsApplicationSyncPolicyUpdatePermission.name,
      ]),
    });
    const button = await screen.findByRole('button', {
      name: "Sync policy (You may not change the sync policy of locked-sync-policy's applications.)",
    });
    expect(button).toBeDisabled();
  });

  it('is disabled, saying why, for an application an ApplicationSet generated', async () => {
    const generated = { ...devApp, applicationSet: 'payments' };
    renderApplicationDrawer({
      application: generated,
      api: testGitOpsApi({ getApplication: async () => generated }),
    });
    const button = await screen.findByRole('button', {
      name: `Sync policy (payments-dev is generated by ApplicationSet payments, which would put its sync policy back; change the set's template instead.)`,
    });
    expect(button).toBeDisabled();
  });
});
