import { ResponseError } from '@backstage/errors';
import type { SignalApi } from '@backstage/plugin-signals-react';
import {
  gitopsSignalChannels,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  devApp,
  entityRef,
  prodApp,
  resourceDiff,
} from '../../__testUtils__/fixtures';
import { FollowedOperationsBar } from '../../__testUtils__/followedOperationsBar';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testSignalApi } from '../../__testUtils__/signals';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import type { GitOpsApi } from '../../api';
import { toEntityApplicationRef } from '../../lib/entityApplicationRef';
import { OperationsBar } from './OperationsBar';

const ref = toEntityApplicationRef(entityRef, prodApp);
const previous = {
  phase: 'Succeeded' as const,
  startedAt: '2024-04-30T12:00:00Z',
};
const app: GitOpsApplication = { ...prodApp, operation: previous };
const running: GitOpsApplication = {
  ...prodApp,
  operation: {
    phase: 'Running',
    message: 'waiting for healthy state of apps/Deployment/payments',
    startedAt: '2024-05-01T12:00:00Z',
  },
};
const finished = (
  phase: 'Succeeded' | 'Failed',
  message: string,
): GitOpsApplication => ({
  ...prodApp,
  sync: {
    status: phase === 'Succeeded' ? 'Synced' : 'OutOfSync',
    revision: prodApp.sync.revision,
  },
  operation: {
    phase,
    message,
    startedAt: '2024-05-01T12:00:00Z',
    finishedAt: '2024-05-01T12:00:30Z',
  },
});

async function badGateway(message: string) {
  return ResponseError.fromResponse(
    new Response(JSON.stringify({ error: { name: 'Error', message } }), {
      status: 502,
      statusText: 'Bad Gateway',
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

async function confirmSync() {
  await userEvent.click(await screen.findByRole('button', { name: /^Sync$/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('list', { name: 'Resources to sync' });
  await userEvent.click(
    within(dialog).getByRole('button', { name: 'Synchronize' }),
  );
}

describe('OperationsBar', () => {
  const options = { pollIntervalMs: 5, timeoutMs: 5_000 };

  it('shows what a sync will change and sends the chosen options', async () => {
    const syncApplication = jest.fn(async () => ({
      auditId: 'a1',
      application: finished('Succeeded', 'successfully synced'),
    }));
    await renderWithEntity(
      <OperationsBar app={ref} application={app} options={options} />,
      {
        api: testGitOpsApi({ syncApplication }),
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /^Sync$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    const changes = await within(dialog).findByRole('list', {
      name: 'Resources to sync',
    });
    expect(
      within(changes).getByText('Service/payments/payments'),
    ).toBeInTheDocument();
    expect(within(changes).queryByText(/Deployment/)).not.toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByLabelText('Prune resources no longer in Git'),
    );
    await userEvent.type(within(dialog).getByLabelText('Revision'), 'v1.5.0');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Synchronize' }),
    );
    expect(syncApplication).toHaveBeenCalledWith(ref, {
      prune: true,
      dryRun: false,
      revision: 'v1.5.0',
    });
    expect(
      await screen.findByText('Sync succeeded: successfully synced'),
    ).toBeInTheDocument();
  });

  it('syncs only the selected resources when some are deselected', async () => {
    const syncApplication = jest.fn(async () => ({
      auditId: 'a1',
      application: finished('Succeeded', 'ok'),
    }));
    const api = testGitOpsApi({
      syncApplication,
      getApplicationDiff: async () => [
        resourceDiff(),
        resourceDiff({
          kind: 'ConfigMap',
          name: 'settings',
          modified: false,
          liveState: null,
        }),
      ],
    });
    await renderWithEntity(
      <OperationsBar app={ref} application={app} options={options} />,
      { api },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /^Sync$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      await within(dialog).findByLabelText('Service/payments'),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Synchronize' }),
    );
    expect(syncApplication).toHaveBeenCalledWith(ref, {
      prune: false,
      dryRun: false,
      resources: [
        {
          kind: 'ConfigMap',
          name: 'settings',
          namespace: 'payments',
          group: undefined,
          version: undefined,
        },
      ],
    });
  });

  /**
   * The backend's side of a started operation: the application reads as
   * `app` until the start, then as each of `reads` in turn (the last stays).
   */
  function startedOperation(
    response: GitOpsApplication,
    reads: GitOpsApplication[],
  ) {
    let started = false;
    return testGitOpsApi({
      syncApplication: async () => {
        started = true;
        return { auditId: 'a1', application: response };
      },
      getApplication: async () => {
        if (!started) return app;
        return reads.length > 1 ? reads.shift()! : reads[0];
      },
    });
  }

  /** Renders the bar on its application's one follower and syncs. */
  async function syncFollowed(
    api: GitOpsApi,
    extra: {
      onSettled?: () => void;
      signalApi?: SignalApi;
      options?: typeof options;
    } = {},
  ) {
    await renderWithEntity(
      <FollowedOperationsBar
        app={ref}
        initial={app}
        options={extra.options ?? options}
        onSettled={extra.onSettled}
      />,
      { api, signalApi: extra.signalApi },
    );
    await confirmSync();
  }

  it('shows progress while the operation runs', async () => {
    await syncFollowed(startedOperation(running, [running]));
    expect(
      await screen.findByText(
        'Sync running: waiting for healthy state of apps/Deployment/payments',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('progressbar', { name: 'Sync in progress' }),
    ).toBeInTheDocument();
  });

  it('follows the operation through the signals of its application', async () => {
    const onSettled = jest.fn();
    const signals = testSignalApi();
    const channel = gitopsSignalChannels.application(app.agentId, app.name);
    const reads = [running];
    await syncFollowed(startedOperation({ ...app }, reads), {
      onSettled,
      signalApi: signals.api,
    });
    expect(
      await screen.findByText(
        'Sync running: waiting for healthy state of apps/Deployment/payments',
      ),
    ).toBeInTheDocument();
    // one follower of the application: the bar reads through it
    expect(signals.count(channel)).toBe(1);
    reads[0] = finished('Succeeded', 'successfully synced (all tasks run)');
    signals.send(channel);
    expect(
      await screen.findByText(
        'Sync succeeded: successfully synced (all tasks run)',
      ),
    ).toBeInTheDocument();
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('re-reads the application while the operation runs where signals are not installed', async () => {
    const onSettled = jest.fn();
    await syncFollowed(
      startedOperation({ ...app }, [
        running,
        running,
        finished('Succeeded', 'successfully synced (all tasks run)'),
      ]),
      { onSettled },
    );
    expect(
      await screen.findByText(
        'Sync succeeded: successfully synced (all tasks run)',
      ),
    ).toBeInTheDocument();
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it("shows the agent's message when the operation fails", async () => {
    await syncFollowed(
      startedOperation(running, [
        finished('Failed', 'one or more objects failed to apply'),
      ]),
    );
    expect(
      await screen.findByText(
        'Sync failed: one or more objects failed to apply',
      ),
    ).toBeInTheDocument();
  });

  it("shows the agent's message when the call is refused", async () => {
    const api = testGitOpsApi({
      syncApplication: async () =>
        Promise.reject(await badGateway('agent prod-agent timed out')),
    });
    await renderWithEntity(
      <OperationsBar app={ref} application={app} options={options} />,
      { api },
    );
    await confirmSync();
    expect(
      await screen.findByText('Sync failed: agent prod-agent timed out'),
    ).toBeInTheDocument();
  });

  it('gives up following after the timeout', async () => {
    await syncFollowed(startedOperation(running, [running]), {
      options: { pollIntervalMs: 5, timeoutMs: 30 },
    });
    expect(await screen.findByText(/Sync is taking long/)).toBeInTheDocument();
  });

  it('refreshes hard', async () => {
    const refreshApplication = jest.fn(async () => ({
      auditId: 'r1',
      application: app,
    }));
    await renderWithEntity(
      <OperationsBar app={ref} application={app} options={options} />,
      {
        api: testGitOpsApi({ refreshApplication }),
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Hard refresh' }),
    );
    expect(refreshApplication).toHaveBeenCalledWith(ref, { mode: 'hard' });
    expect(await screen.findByText('Refresh succeeded')).toBeInTheDocument();
  });

  it('rolls back to the picked history entry', async () => {
    const rollbackApplication = jest.fn(async () => ({
      auditId: 'b1',
      application: finished('Succeeded', 'rolled back'),
    }));
    const devRef = toEntityApplicationRef(entityRef, devApp);
    const manual = {
      ...devApp,
      syncPolicy: { ...devApp.syncPolicy, automated: false },
    };
    await renderWithEntity(
      <OperationsBar app={devRef} application={manual} options={options} />,
      {
        api: testGitOpsApi({ rollbackApplication }),
      },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /Rollback/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText(/^#1 · a1b2c3d/));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Roll back' }),
    );
    await waitFor(() =>
      expect(rollbackApplication).toHaveBeenCalledWith(devRef, {
        id: 1,
        prune: false,
        dryRun: false,
      }),
    );
    expect(
      await screen.findByText('Rollback succeeded: rolled back'),
    ).toBeInTheDocument();
  });

  it('previews what a rollback puts back, and says a dry run applied nothing', async () => {
    const source = devApp.sources[0];
    const pinned = (tag: string) => [
      { ...source, kustomize: { images: [`ghcr.io/acme/payments:${tag}`] } },
    ];
    const manual: GitOpsApplication = {
      ...devApp,
      syncPolicy: { ...devApp.syncPolicy, automated: false },
      history: [
        { ...devApp.history[0], sources: pinned('1.4.1') },
        { ...devApp.history[1], sources: pinned('1.4.2') },
      ],
    };
    const rollbackApplication = jest.fn(async () => ({
      auditId: 'b2',
      application: {
        ...finished('Succeeded', 'successfully synced (all tasks run)'),
        operation: {
          ...finished('Succeeded', 'successfully synced (all tasks run)')
            .operation!,
          dryRun: true,
        },
      },
    }));
    const devRef = toEntityApplicationRef(entityRef, devApp);
    await renderWithEntity(
      <OperationsBar app={devRef} application={manual} options={options} />,
      { api: testGitOpsApi({ rollbackApplication }) },
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /Rollback/ }),
    );
    const dialog = await screen.findByRole('dialog');
    // the entry names the release it deployed
    expect(
      within(dialog).getByLabelText(/^#1 · a1b2c3d · 1\.4\.1 · /),
    ).toBeChecked();
    const preview = within(dialog).getByRole('region', {
      name: 'What rolling back to #1 changes',
    });
    // the target's commit, and each version from what runs to what will
    expect(await within(preview).findByText('Release a1b2c3d')).toBeVisible();
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map(item => item.textContent),
    ).toEqual([
      'revision: b2c3d4e → a1b2c3d',
      'image ghcr.io/acme/payments: 1.4.2 → 1.4.1',
    ]);
    await userEvent.click(within(dialog).getByLabelText('Dry run'));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Roll back' }),
    );
    expect(
      await screen.findByText(
        'Rollback (dry run) succeeded: nothing was applied to the cluster',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/successfully synced/)).not.toBeInTheDocument();
  });

  it('offers rollback in Git, saying why, while automated sync is on', async () => {
    const devRef = toEntityApplicationRef(entityRef, devApp);
    await renderWithEntity(
      <OperationsBar app={devRef} application={devApp} options={options} />,
    );
    const reason = await screen.findByText(
      /Rollback opens a pull request in Git while automated sync is on/,
    );
    const button = screen.getByRole('button', { name: /Rollback/ });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-describedby', reason.id);
    expect(screen.getByRole('button', { name: /^Sync$/ })).toBeEnabled();
  });
});
