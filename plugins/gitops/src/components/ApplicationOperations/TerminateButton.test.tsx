import { ResponseError } from '@backstage/errors';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { entityRef, prodApp } from '../../__testUtils__/fixtures';
import { FollowedOperationsBar } from '../../__testUtils__/followedOperationsBar';
import { denyingPermissionApi } from '../../__testUtils__/permissions';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import type { GitOpsApi } from '../../api';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { OperationsBar } from './OperationsBar';

const ref = toEntityApplicationRef(entityRef, prodApp);
const running: GitOpsApplication = {
  ...prodApp,
  operation: { phase: 'Running', startedAt: '2024-05-01T12:00:00Z' },
};
const idle: GitOpsApplication = {
  ...prodApp,
  operation: { phase: 'Succeeded', startedAt: '2024-05-01T12:00:00Z' },
};

/**
 * Renders the bar on a running application and opens the confirmation of
 * Terminate.
 */
async function openTerminateDialog(api: GitOpsApi, onSettled?: () => void) {
  await renderWithEntity(
    <OperationsBar app={ref} application={running} onSettled={onSettled} />,
    { api },
  );
  await userEvent.click(
    await screen.findByRole('button', { name: 'Terminate' }),
  );
  return screen.findByRole('dialog', {
    name: `Terminate the operation of ${prodApp.name}?`,
  });
}

describe('the Terminate button', () => {
  it('terminates the running operation after a confirmation', async () => {
    const terminateOperation = jest.fn(async () => ({
      auditId: 'a1',
      application: running,
    }));
    const onSettled = jest.fn();
    const dialog = await openTerminateDialog(
      testGitOpsApi({ terminateOperation }),
      onSettled,
    );
    expect(terminateOperation).not.toHaveBeenCalled();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Terminate' }),
    );
    expect(terminateOperation).toHaveBeenCalledWith(ref);
    expect(
      await screen.findByText(
        `Termination of the running operation of ${prodApp.name} requested.`,
      ),
    ).toBeInTheDocument();
    expect(onSettled).toHaveBeenCalled();
  });

  it('can terminate a sync started from the bar while it is followed', async () => {
    const syncApplication = jest.fn(async () => ({
      auditId: 'a1',
      application: running,
    }));
    let terminated = false;
    const terminateOperation = jest.fn(async () => {
      terminated = true;
      return { auditId: 'a2', application: running };
    });
    // idle until the sync, running until terminated
    const getApplication = jest.fn(async (): Promise<GitOpsApplication> => {
      if (syncApplication.mock.calls.length === 0) return idle;
      if (!terminated) return running;
      return {
        ...prodApp,
        operation: {
          phase: 'Failed',
          message: 'Operation terminated',
          startedAt: '2024-05-01T12:00:00Z',
        },
      };
    });
    await renderWithEntity(
      <FollowedOperationsBar
        app={ref}
        initial={idle}
        options={{ pollIntervalMs: 5, timeoutMs: 10_000 }}
      />,
      {
        api: testGitOpsApi({
          syncApplication,
          terminateOperation,
          getApplication,
        }),
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /^Sync$/ }),
    );
    const syncDialog = await screen.findByRole('dialog');
    await within(syncDialog).findByRole('list', { name: 'Resources to sync' });
    await userEvent.click(
      within(syncDialog).getByRole('button', { name: 'Synchronize' }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Terminate' }),
    );
    await userEvent.click(
      within(
        await screen.findByRole('dialog', {
          name: `Terminate the operation of ${prodApp.name}?`,
        }),
      ).getByRole('button', { name: 'Terminate' }),
    );
    expect(terminateOperation).toHaveBeenCalledWith(ref);
    expect(
      await screen.findByText('Sync failed: Operation terminated'),
    ).toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const terminateOperation = jest.fn();
    const dialog = await openTerminateDialog(
      testGitOpsApi({ terminateOperation }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(terminateOperation).not.toHaveBeenCalled();
  });

  it('is disabled, saying why, when nothing runs', async () => {
    await renderWithEntity(<OperationsBar app={ref} application={idle} />, {
      api: testGitOpsApi(),
    });
    expect(
      await screen.findByRole('button', {
        name: 'Terminate (No operation is running.)',
      }),
    ).toBeDisabled();
  });

  it('is disabled, saying why, for a user who may not terminate', async () => {
    // a ref of its own: usePermission caches decisions per permission and ref
    const locked = toEntityApplicationRef(
      'component:default/locked-terminate',
      prodApp,
    );
    await renderWithEntity(
      <OperationsBar app={locked} application={running} />,
      {
        api: testGitOpsApi(),
        permissionApi: denyingPermissionApi(['gitops.application.terminate']),
      },
    );
    const button = await screen.findByRole('button', {
      name: /^Terminate \(You may not terminate operations of locked-terminate's applications\.\)$/,
    });
    expect(button).toBeDisabled();
    // the operations the user may run stay enabled
    expect(screen.getByRole('button', { name: /^Refresh$/ })).toBeEnabled();
  });

  it("shows the backend's refusal", async () => {
    const terminateOperation = jest.fn(async () => {
      throw await ResponseError.fromResponse(
        new Response(
          JSON.stringify({
            error: {
              name: 'ConflictError',
              message: `No operation is running on ${prodApp.name}, so there is nothing to terminate`,
            },
          }),
          {
            status: 409,
            statusText: 'Conflict',
            headers: { 'Content-Type': 'application/json' },
          },
        ),
      );
    });
    const dialog = await openTerminateDialog(
      testGitOpsApi({ terminateOperation }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', {
        name: 'Terminate',
      }),
    );
    expect(
      await screen.findByText(
        `No operation is running on ${prodApp.name}, so there is nothing to terminate`,
      ),
    ).toBeInTheDocument();
  });
});
