import {
  applicationDrawer,
  controlAgent,
  openGitOpsTab,
  inCatalog,
} from './support/entityTab';
import { usePortalPage } from './support/portalPage';

/*
 * What should stop someone before they act shows where they act (issue
 * 39, items 1, 3 and 4): a change freeze, a failed hydration and a running
 * sync, in the matrix, the table, the drawer header and the sync dialog.
 * Each journey holds the state it needs through the sandbox's control API:
 * the payments project's sync windows, a held operation.
 */

const session = usePortalPage({ viewport: { width: 1280, height: 900 } });
const { journey } = session;

const freeze = (manualSync: boolean) => ({
  kind: 'deny',
  schedule: '* * * * *',
  duration: '1h',
  applications: ['*-prod'],
  manualSync,
});

async function openPaymentsApi() {
  await inCatalog(session.portal, 'payments-api');
  return openGitOpsTab(session.page, session.portal, 'payments-api', 120_000);
}

/** Closes the open drawer by its button, and waits until it is gone. */
async function closeDrawer() {
  const drawer = applicationDrawer(session.page);
  await drawer.getByRole('button', { name: 'Close details' }).click();
  await drawer.waitFor({ state: 'detached' });
}

async function openDrawer(application: string) {
  const matrix = session.page.getByRole('table', {
    name: 'Environment matrix',
  });
  await matrix.getByRole('button', { name: `Open ${application}` }).click();
  return applicationDrawer(session.page);
}

describe('what should stop someone before acting', () => {
  afterAll(async () => {
    // the scenario's own windows again (its weekend freeze)
    await controlAgent(session.portal, 'argocd-prod', '/sync-windows', {
      project: 'payments',
      windows: [
        {
          kind: 'deny',
          schedule: '0 22 * * 5',
          duration: '56h',
          applications: ['*-prod'],
          manualSync: true,
          timeZone: 'UTC',
        },
      ],
    });
  });

  journey(
    'shows a change freeze in the matrix, the table, the drawer and the sync dialog, and keeps Sync off where it denies manual syncs',
    async () => {
      await controlAgent(session.portal, 'argocd-prod', '/sync-windows', {
        project: 'payments',
        windows: [freeze(true)],
      });
      const matrix = await openPaymentsApi();
      await matrix
        .getByText('Manual sync only')
        .first()
        .waitFor({ timeout: 30_000 });
      const table = session.page.getByRole('table', { name: 'Applications' });
      await table.getByText('Manual sync only').first().waitFor();

      let drawer = await openDrawer('payments-api-prod');
      const warning = /Automated syncs are denied; a manual sync is allowed/;
      await drawer.getByText(warning).waitFor();
      await drawer.getByRole('button', { name: 'Sync', exact: true }).click();
      const dialog = session.page.getByRole('dialog', {
        name: 'Sync payments-api-prod',
      });
      await dialog.getByText(warning).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await closeDrawer();

      // a freeze that denies manual syncs too: Sync is off, the window named
      await controlAgent(session.portal, 'argocd-prod', '/sync-windows', {
        project: 'payments',
        windows: [freeze(false)],
      });
      drawer = await openDrawer('payments-api-prod');
      const denied = /Syncs are denied until it closes/;
      await drawer.getByText(denied).first().waitFor();
      const sync = drawer.getByRole('button', { name: 'Sync', exact: true });
      expect(await sync.isDisabled()).toBe(true);
      expect(await sync.getAttribute('aria-describedby')).toMatch(
        /^operations-window-/,
      );
      await closeDrawer();
    },
  );

  journey('shows a running sync as Syncing until it ends', async () => {
    await controlAgent(session.portal, 'argocd-nonprod', '/hold-operations', {
      application: 'payments-api-dev',
      sync: true,
    });
    try {
      const matrix = await openPaymentsApi();
      await matrix.getByText('Syncing').first().waitFor({ timeout: 30_000 });
      const drawer = await openDrawer('payments-api-dev');
      await drawer.getByText(/An operation .*is running/).waitFor();
      expect(
        await drawer
          .getByRole('button', { name: 'Sync', exact: true })
          .isDisabled(),
      ).toBe(true);
      await closeDrawer();
    } finally {
      await controlAgent(session.portal, 'argocd-nonprod', '/hold-operations', {
        application: 'payments-api-dev',
        hold: false,
      });
    }
    const matrix = session.page.getByRole('table', {
      name: 'Environment matrix',
    });
    await matrix
      .getByText('Syncing')
      .waitFor({ state: 'detached', timeout: 60_000 });
  });

  journey(
    'shows a failed hydration on the service tab, not only in the drawer',
    async () => {
      await inCatalog(session.portal, 'kyc-service');
      const matrix = await openGitOpsTab(
        session.page,
        session.portal,
        'kyc-service',
        120_000,
      );
      const failed = matrix.getByText('Hydration failed', { exact: true });
      await failed.first().waitFor({ timeout: 60_000 });
      expect(
        await failed.first().locator('xpath=..').getAttribute('title'),
      ).toMatch(
        /^Hydration failed: .*replicas: invalid value "three".*not reached the cluster/,
      );
      const table = session.page.getByRole('table', { name: 'Applications' });
      await table
        .getByText('Hydration failed', { exact: true })
        .first()
        .waitFor();
    },
  );
});
