import { applicationDrawer, openApplicationDrawer } from './support/entityTab';
import { usePortalPage } from './support/portalPage';

/*
 * Issue 39 items 7 and 12 in the running portal, as npm start runs it (the
 * sandbox's git host standing in for GitHub): a Harness application's diff
 * agrees with its sync status (payments-gateway-prod once said "2 of 5
 * resources differ from Git" with both sides identical); an open drawer is
 * in the page's URL, so a reload (or a shared link) opens it again; and a
 * deployment's commit in the History tab links to a page the git host
 * answers.
 */

const session = usePortalPage({
  portal: { gitHost: true },
  viewport: { width: 1280, height: 900 },
});
const { journey } = session;

describe('what the drawer shows and links', () => {
  journey(
    "payments-gateway-prod's diff agrees with its status: nothing differs where it is Synced",
    async () => {
      const { page, portal } = session;
      const drawer = await openApplicationDrawer(
        page,
        portal,
        'payments-gateway',
        'payments-gateway-prod',
      );
      await drawer.getByRole('tab', { name: 'Diff' }).click();
      const count = drawer.getByText(/^\d+ of \d+ resources differ from Git$/);
      await count.waitFor({ timeout: 30_000 });
      expect(await count.textContent()).toMatch(/^0 of [1-9]\d* resources/);
      await drawer.getByText('Live state matches the desired state.').waitFor();
    },
  );

  journey(
    'the open drawer is in the URL: a reload opens it again, and its History commits link to the git host',
    async () => {
      const { page, portal } = session;
      await openApplicationDrawer(
        page,
        portal,
        'payments-api',
        'payments-api-dev',
      );
      expect(new URL(page.url()).searchParams.get('application')).toMatch(
        /payments-api-dev$/,
      );
      await page.reload();
      const drawer = applicationDrawer(page);
      await drawer
        .getByRole('tablist', { name: 'Application details' })
        .waitFor({ timeout: 60_000 });
      await drawer.getByText('payments-api-dev').first().waitFor();

      await drawer.getByRole('tab', { name: 'History' }).click();
      await drawer.getByRole('list', { name: 'Deployment history' }).waitFor();
      const commit = drawer.getByRole('link', { name: /^Commit [0-9a-f]{7}/ });
      await commit.first().waitFor({ timeout: 30_000 });
      const href = await commit.first().getAttribute('href');
      expect(href).toContain(portal.sandbox.gitHost!.baseUrl);
      const res = await fetch(href!);
      expect({ href, status: res.status }).toEqual({ href, status: 200 });
    },
  );
});
