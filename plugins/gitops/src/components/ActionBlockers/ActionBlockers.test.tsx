import type {
  EntityApplicationsResponse,
  GitOpsApplication,
  SyncWindow,
} from '@gitops-suite/plugin-gitops-common';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  devApp,
  entityApplications,
  prodApp,
} from '../../__testUtils__/fixtures';
import { renderApplicationDrawer } from '../../__testUtils__/renderApplicationDrawer';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { testGitOpsApi } from '../../__testUtils__/testGitOpsApi';
import { EntityGitOpsContent } from '../EntityGitOpsContent';

const freeze: SyncWindow = {
  kind: 'deny',
  schedule: '0 22 * * 5',
  duration: '56h',
  applications: ['*-prod'],
  manualSync: true,
  active: true,
};

/** The prod application's windows hold the freeze; the others have none. */
const windowsFor =
  (windows: SyncWindow[]) =>
  async ({ name }: { name: string }) =>
    name.endsWith('-prod') ? windows : [];

/** The same, for the entity tab: one read of every application's windows. */
const entityWindowsFor = (windows: SyncWindow[]) => async () => ({
  items: entityApplications.environments
    .flatMap(group => group.applications)
    .map(app => ({
      key: app.key,
      windows: app.name.endsWith('-prod') ? windows : [],
    })),
  errors: [],
});

const hydrationFailed: GitOpsApplication = {
  ...devApp,
  sourceHydrator: {
    drySource: {
      repoURL: 'https://github.com/acme/payments-deploy.git',
      targetRevision: 'main',
      path: 'overlays/dev',
    },
    syncSource: {
      repoURL: 'https://github.com/acme/payments-deploy.git',
      targetBranch: 'environments/dev',
      path: 'overlays/dev',
    },
    currentOperation: {
      phase: 'Failed',
      message: 'kustomize build failed: missing resource',
    },
  },
};

const syncing: GitOpsApplication = {
  ...prodApp,
  operation: { phase: 'Running', revision: 'b2c3d4e5f6', initiatedBy: 'ada' },
};

function withApplications(dev: GitOpsApplication, prod: GitOpsApplication) {
  const byEnvironment: Record<string, GitOpsApplication[]> = {
    dev: [dev],
    prod: [prod],
  };
  const response: EntityApplicationsResponse = {
    ...entityApplications,
    environments: entityApplications.environments.map(group => ({
      ...group,
      applications: byEnvironment[group.name] ?? [],
    })),
  };
  return async () => response;
}

describe('what should stop someone before acting', () => {
  it('shows a freeze that allows manual syncs in the drawer header and in the sync dialog', async () => {
    const api = testGitOpsApi({ getSyncWindows: windowsFor([freeze]) });
    await renderApplicationDrawer({ api, application: prodApp });
    const message =
      'Sync window: the deny window "0 22 * * 5" for 56h is active. Automated syncs are denied; a manual sync is allowed and should be deliberate.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Manual sync only')).toBeInTheDocument();
    // a manual sync stays possible, and its dialog says why to be careful
    const sync = screen.getByRole('button', { name: /^Sync$/ });
    expect(sync).toBeEnabled();
    await userEvent.click(sync);
    const dialog = await screen.findByRole('dialog', {
      name: 'Sync payments-prod',
    });
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  });

  it('disables Sync while a window denies manual syncs too, saying which', async () => {
    const api = testGitOpsApi({
      getSyncWindows: windowsFor([{ ...freeze, manualSync: false }]),
    });
    await renderApplicationDrawer({ api, application: prodApp });
    const message =
      'Sync window: the deny window "0 22 * * 5" for 56h is active. Syncs are denied until it closes.';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    const sync = screen.getByRole('button', { name: /^Sync$/ });
    expect(sync).toBeDisabled();
    expect(sync).toHaveAccessibleDescription(message);
    expect(screen.getByText('Sync denied')).toBeInTheDocument();
  });

  it('says nothing of a window that is not active', async () => {
    const api = testGitOpsApi({
      getSyncWindows: windowsFor([{ ...freeze, active: false }]),
    });
    await renderApplicationDrawer({ api, application: prodApp });
    expect(await screen.findByRole('button', { name: /^Sync$/ })).toBeEnabled();
    expect(screen.queryByText(/Sync window:/)).not.toBeInTheDocument();
    expect(screen.queryByText('Manual sync only')).not.toBeInTheDocument();
  });

  it('marks a running sync, a failed hydration and a freeze in the matrix and the table', async () => {
    const api = testGitOpsApi({
      getEntityApplications: withApplications(hydrationFailed, syncing),
      getEntitySyncWindows: entityWindowsFor([freeze]),
    });
    await renderWithEntity(<EntityGitOpsContent />, { api });
    const matrix = await screen.findByRole('table', {
      name: 'Environment matrix',
    });
    const table = screen.getByRole('table', { name: 'Applications' });
    for (const where of [matrix, table]) {
      // green Synced and Healthy, yet the change never reached the cluster
      const failed = within(where).getByText('Hydration failed');
      expect(failed.closest('[title]')).toHaveAttribute(
        'title',
        'Hydration failed: kustomize build failed: missing resource. The latest change has not reached the cluster.',
      );
      expect(within(where).getByText('Syncing')).toBeInTheDocument();
      expect(
        await within(where).findByText('Manual sync only'),
      ).toBeInTheDocument();
    }
  });

  it('shows a freeze of the target environment beside Promote and in the merge confirmation', async () => {
    const api = testGitOpsApi({
      getSyncWindows: windowsFor([{ ...freeze, manualSync: false }]),
      getEntitySyncWindows: entityWindowsFor([
        { ...freeze, manualSync: false },
      ]),
      getEntityPullRequests: async () => ({
        entityRef: 'component:default/payments',
        pullRequests: [
          {
            repoUrl: 'https://github.com/acme/payments-deploy.git',
            number: 7,
            title: 'Promote payments 3.1.6 to prod',
            htmlUrl: 'https://github.com/acme/payments-deploy/pull/7',
            branch: 'promote-prod-3.1.6',
            baseBranch: 'main',
            headSha: 'abcdef1234567890',
            createdAt: '2026-11-26T12:00:00Z',
            environment: 'prod',
            tag: '3.1.6',
          },
        ],
        errors: [],
      }),
    });
    await renderWithEntity(<EntityGitOpsContent />, { api });
    const promote = await screen.findByRole('button', {
      name: 'Promote 3.1.7 to prod',
    });
    const action = promote.parentElement!;
    expect(await within(action).findByText('Sync denied')).toBeInTheDocument();

    const prs = screen.getByRole('table', { name: 'Promotion pull requests' });
    await userEvent.click(within(prs).getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Sync window: the deny window "0 22 * * 5" for 56h is active. Syncs are denied until it closes.',
      ),
    ).toBeInTheDocument();
  });
});
