import { ResponseError } from '@backstage/errors';
import type {
  GitOpsApplication,
  RevertRequest,
  RevertResponse,
} from '@gitops-suite/plugin-gitops-common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { devApp, entityRef } from '../../__testUtils__/fixtures';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import type { GitOpsApi } from '../../api';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { RollbackDialog } from './RollbackDialog';

const ref = toEntityApplicationRef(entityRef, devApp);
const manual: GitOpsApplication = {
  ...devApp,
  syncPolicy: { ...devApp.syncPolicy, automated: false, prune: false },
};
const file = 'overlays/dev/kustomization.yaml';
const repoUrl = 'https://github.com/acme/payments-deploy';

/** What the backend answers a revert of entry #1 (a dry run: no pull request). */
function answer(request: RevertRequest): RevertResponse {
  const planned: RevertResponse = {
    dryRun: Boolean(request.dryRun),
    historyId: request.id,
    revision: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    repoUrl,
    path: 'overlays/dev',
    baseBranch: 'main',
    branch: 'revert-dev-payments-dev-1',
    changes: [
      { file, what: 'image ghcr.io/acme/payments', from: '1.4.2', to: '1.4.1' },
    ],
    files: [file],
  };
  if (request.dryRun) return planned;
  return {
    ...planned,
    auditId: 'audit-9',
    pullRequest: {
      repoUrl,
      number: 12,
      title: 'Roll back payments-dev to #1 (a1b2c3d)',
      htmlUrl: 'https://github.com/acme/payments-deploy/pull/12',
      branch: 'revert-dev-payments-dev-1',
      baseBranch: 'main',
      headSha: 'c3d4e5f60718293a4b5c6d7e8f901234567890ab',
      createdAt: '2024-05-02T10:00:00Z',
      kind: 'revert',
      environment: 'dev',
      application: 'payments-dev',
      historyId: 1,
    },
  };
}

/** Renders the dialog open; resolves to it once it is shown. */
async function renderDialog(
  application: GitOpsApplication,
  api: Partial<GitOpsApi>,
  more: {
    onConfirm?: jest.Mock;
    onMerged?: jest.Mock;
    /** Another entity's: usePermission keeps its answers per entity. */
    appRef?: typeof ref;
  } & Pick<
    NonNullable<Parameters<typeof renderWithEntity>[1]>,
    'permissionApi'
  > = {},
) {
  await renderWithEntity(
    <RollbackDialog
      open
      app={more.appRef ?? ref}
      application={application}
      onClose={() => {}}
      onConfirm={more.onConfirm ?? jest.fn()}
      onMerged={more.onMerged}
    />,
    { api: testGitOpsApi(api), permissionApi: more.permissionApi },
  );
  return screen.findByRole('dialog', { name: 'Roll back payments-dev' });
}

/** Opens the revert's pull request once it may; resolves to its Merge button. */
async function openPullRequest(dialog: HTMLElement) {
  const open = within(dialog).getByRole('button', {
    name: 'Open pull request',
  });
  await waitFor(() => expect(open).toBeEnabled());
  await userEvent.click(open);
  return within(dialog).findByRole('button', { name: 'Merge #12' });
}

describe('RollbackDialog', () => {
  it('keeps Merge off for those who may not merge the pull request, saying why', async () => {
    const revertApplication = jest.fn(async (_: unknown, r: RevertRequest) =>
      answer(r),
    );
    const dialog = await renderDialog(
      devApp,
      { revertApplication },
      {
        permissionApi: denyingPermissionApi(['gitops.pullrequest.merge']),
        appRef: toEntityApplicationRef('component:default/ledger', devApp),
      },
    );
    const merge = await openPullRequest(dialog);
    await waitFor(() => expect(merge).toBeDisabled());
    expect(
      within(dialog).getByText(/Only the service’s owners may merge/),
    ).toBeVisible();
  });
  it("offers both choices where sync is manual: Argo CD's rollback as before", async () => {
    const revertApplication = jest.fn(async (_: unknown, r: RevertRequest) =>
      answer(r),
    );
    const onConfirm = jest.fn();
    const dialog = await renderDialog(
      manual,
      { revertApplication },
      { onConfirm },
    );
    const how = within(dialog).getByRole('radiogroup', {
      name: 'How to roll back',
    });
    const argo = within(how).getByLabelText(/^Argo CD rollback/);
    const git = within(how).getByLabelText(/^Revert in Git/);
    expect(argo).toBeChecked();
    expect(git).not.toBeChecked();
    // Argo CD's rollback asks nothing of Git
    expect(revertApplication).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByLabelText('Prune'));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Roll back' }),
    );
    expect(onConfirm).toHaveBeenCalledWith({
      id: 1,
      prune: true,
      dryRun: false,
    });
  });

  it('where sync is manual, the revert in Git previews its pull request and opens it with a reason', async () => {
    const revertApplication = jest.fn(async (_: unknown, r: RevertRequest) =>
      answer(r),
    );
    const dialog = await renderDialog(manual, { revertApplication });
    await userEvent.click(within(dialog).getByLabelText(/^Revert in Git/));
    const preview = await within(dialog).findByRole('region', {
      name: 'What the pull request reverting to #1 changes',
    });
    expect(
      await within(preview).findByText(
        `${file}: image ghcr.io/acme/payments 1.4.2 → 1.4.1`,
      ),
    ).toBeVisible();
    expect(preview).toHaveTextContent(
      'A pull request on acme/payments-deploy from revert-dev-payments-dev-1 into main changes:',
    );
    expect(revertApplication).toHaveBeenCalledWith(ref, {
      id: 1,
      dryRun: true,
    });
    // Argo CD's prune and dry run are not the revert's
    expect(within(dialog).queryByLabelText('Prune')).not.toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'INC-7',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Open pull request' }),
    );
    expect(revertApplication).toHaveBeenLastCalledWith(ref, {
      id: 1,
      reason: 'INC-7',
    });
    const result = await within(dialog).findByRole('region', {
      name: 'Revert pull request',
    });
    expect(
      within(result).getByRole('link', { name: /^pull request #12/ }),
    ).toHaveAttribute(
      'href',
      'https://github.com/acme/payments-deploy/pull/12',
    );
  });

  it('offers only the revert in Git where sync is automated, saying why, and merges its pull request after asking', async () => {
    const revertApplication = jest.fn(async (_: unknown, r: RevertRequest) =>
      answer(r),
    );
    const mergeEntityPullRequest = jest.fn(async () => ({
      auditId: 'audit-10',
      merged: true,
      sha: 'd4e5f60718293a4b5c6d7e8f901234567890abcd',
      pullRequest: answer({ id: 1 }).pullRequest!,
    }));
    const onMerged = jest.fn();
    const dialog = await renderDialog(
      devApp,
      { revertApplication, mergeEntityPullRequest },
      { onMerged },
    );
    expect(
      within(dialog).queryByRole('radiogroup', { name: 'How to roll back' }),
    ).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(
        /payments-dev syncs automatically, so it is rolled back in Git/,
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByText(
        /Argo CD refuses to roll back an application with automated sync on/,
      ),
    ).toBeVisible();
    expect(
      within(dialog).queryByRole('button', { name: 'Roll back' }),
    ).not.toBeInTheDocument();
    const merge = await openPullRequest(dialog);
    await waitFor(() => expect(merge).toBeEnabled());
    await userEvent.click(merge);
    const confirm = await screen.findByRole('dialog', {
      name: 'Merge pull request #12?',
    });
    expect(confirm).toHaveTextContent(
      `Changes: ${file}: image ghcr.io/acme/payments 1.4.2 → 1.4.1`,
    );
    expect(mergeEntityPullRequest).not.toHaveBeenCalled();
    await userEvent.click(
      within(confirm).getByRole('button', { name: 'Merge #12' }),
    );
    expect(
      await within(dialog).findByText(
        'Merged #12 as d4e5f60. payments-dev syncs automatically: its agent deploys it now.',
      ),
    ).toBeVisible();
    expect(mergeEntityPullRequest).toHaveBeenCalledWith(
      entityRef,
      expect.objectContaining({ repoUrl, number: 12 }),
    );
    expect(onMerged).toHaveBeenCalled();
  });

  it('says why an entry cannot be reverted in Git, and opens nothing', async () => {
    const message =
      'History entry #1 of payments-dev cannot be reverted in Git: its revision a1b2c3d is not a commit of https://github.com/acme/payments-deploy';
    const revertApplication = jest.fn(async () => {
      throw await ResponseError.fromResponse(
        new Response(
          JSON.stringify({ error: { name: 'ConflictError', message } }),
          {
            status: 409,
            statusText: 'Conflict',
            headers: { 'Content-Type': 'application/json' },
          },
        ),
      );
    });
    const dialog = await renderDialog(devApp, { revertApplication });
    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(
      within(dialog).getByRole('button', { name: 'Open pull request' }),
    ).toBeDisabled();
    expect(revertApplication).toHaveBeenCalledTimes(1);
  });
});
