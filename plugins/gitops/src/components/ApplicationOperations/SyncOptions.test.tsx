import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { entityRef, prodApp } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { OperationsBar } from './OperationsBar';

const ref = toEntityApplicationRef(entityRef, prodApp);
const options = { pollIntervalMs: 5, timeoutMs: 5_000 };

/** payments-prod with server-side apply and auto-create namespace in its policy. */
const app: GitOpsApplication = {
  ...prodApp,
  syncPolicy: {
    ...prodApp.syncPolicy,
    syncOptions: [
      'ServerSideApply=true',
      'CreateNamespace=true',
      'PrunePropagationPolicy=foreground',
    ],
  },
};

async function openSyncDialog() {
  const syncApplication = jest.fn(async () => ({
    auditId: 'a1',
    application: {
      ...app,
      operation: { phase: 'Succeeded' as const, message: 'synced' },
    },
  }));
  await renderWithEntity(
    <OperationsBar app={ref} application={app} options={options} />,
    { api: testGitOpsApi({ syncApplication }) },
  );
  await userEvent.click(await screen.findByRole('button', { name: /^Sync$/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('list', { name: 'Resources to sync' });
  return { dialog, syncApplication };
}

describe('the sync dialog’s sync options', () => {
  it("starts from the application's sync policy and sends nothing it did not change", async () => {
    const { dialog, syncApplication } = await openSyncDialog();
    const group = within(dialog).getByRole('group', { name: 'Sync options' });
    const checked = within(group)
      .getAllByRole('checkbox')
      .filter(box => (box as HTMLInputElement).checked)
      .map(box => box.closest('label')?.textContent);
    expect(checked).toEqual(['Auto-create namespace', 'Server-side apply']);
    expect(within(dialog).getByLabelText('Apply only')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Force')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Retry')).not.toBeChecked();

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Synchronize' }),
    );
    expect(syncApplication).toHaveBeenCalledWith(ref, {
      prune: false,
      dryRun: false,
    });
  });

  it('sends the chosen options, force, apply only and retry as Argo CD names them', async () => {
    const { dialog, syncApplication } = await openSyncDialog();
    await userEvent.click(within(dialog).getByLabelText('Server-side apply'));
    await userEvent.click(within(dialog).getByLabelText('Prune last'));
    await userEvent.click(
      within(dialog).getByLabelText('Apply out of sync only'),
    );
    await userEvent.click(within(dialog).getByLabelText('Apply only'));
    await userEvent.click(within(dialog).getByLabelText('Retry'));
    const limit = within(dialog).getByLabelText('Limit');
    await userEvent.clear(limit);
    await userEvent.type(limit, '4');
    const maxDuration = within(dialog).getByLabelText('Max duration');
    await userEvent.clear(maxDuration);
    await userEvent.type(maxDuration, '10m');

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Synchronize' }),
    );
    expect(syncApplication).toHaveBeenCalledWith(ref, {
      prune: false,
      dryRun: false,
      syncOptions: [
        'CreateNamespace=true',
        'PruneLast=true',
        'ApplyOutOfSyncOnly=true',
      ],
      applyOnly: true,
      retry: {
        limit: 4,
        backoff: { duration: '5s', factor: 2, maxDuration: '10m' },
      },
    });
  });

  it('warns before a forced or replacing sync, and sends both', async () => {
    const { dialog, syncApplication } = await openSyncDialog();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByLabelText('Force'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /deleted and created again/,
    );
    await userEvent.click(within(dialog).getByLabelText('Replace'));
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map(alert => alert.textContent),
    ).toEqual([
      expect.stringMatching(/^Force applies with --force/),
      expect.stringMatching(/^Replace uses kubectl replace/),
    ]);

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Synchronize' }),
    );
    expect(syncApplication).toHaveBeenCalledWith(ref, {
      prune: false,
      dryRun: false,
      force: true,
      syncOptions: [
        'CreateNamespace=true',
        'ServerSideApply=true',
        'Replace=true',
      ],
    });
  });
});
