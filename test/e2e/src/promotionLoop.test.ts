import { Browser, Page } from 'playwright-core';
import { journeyRecorder } from './support/journey';
import { launchChromium, openPortal } from './support/browser';
import { inCatalog } from './support/entityTab';
import { Portal, startPortal } from './support/startPortal';

/*
 * The whole promotion loop in the running portal, with the sandbox's git
 * host standing in for GitHub (as `npm start` runs it): Promote on the
 * GitOps tab opens the promote-release template prefilled, its task opens a
 * pull request on the git host, the tab lists it, Merge merges it, and the
 * target environment's agent deploys the new tag (synced from the portal
 * when the environment syncs by hand), shown without a reload.
 */

const COMPONENT = 'payments-api';
let portal: Portal;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [portal, browser] = await Promise.all([
    startPortal({
      gitHost: true,
      config: { permission: { enabled: true, policy: 'owner' } },
    }),
    launchChromium(),
  ]);
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const journey = journeyRecorder(() => page);

/** The matrix cell of an application (the one holding its Open button). */
function cellOf(application: string) {
  return page
    .getByRole('table', { name: 'Environment matrix' })
    .getByRole('cell')
    .filter({
      has: page.getByRole('button', { name: `Open ${application}` }),
    });
}

describe('the promotion loop', () => {
  journey(
    'promotes a release through a pull request on the git host, merges it from the portal, and the environment runs it',
    async () => {
      await inCatalog(portal, COMPONENT);
      await openPortal(
        page,
        portal.baseUrl,
        `/catalog/default/component/${COMPONENT}/gitops`,
      );
      await page
        .getByRole('table', { name: 'Environment matrix' })
        .waitFor({ timeout: 60_000 });

      // the Promotion card offers the next release of the environment behind
      const promote = page
        .locator('a', { hasText: /^Promote \S+ to \S+$/ })
        .first();
      await promote.waitFor({ timeout: 60_000 });
      const [, tag, environment] = (await promote.textContent())!.match(
        /^Promote (\S+) to (\S+)$/,
      )!;
      const application = `${COMPONENT}-${environment}`;
      const cell = cellOf(application);
      const before = (await cell.innerText()).split('\n')[0];
      expect(before).not.toContain(tag);

      // the template opens prefilled for this service and environment
      await promote.click();
      await page
        .getByRole('textbox', { name: /^Image tag/ })
        .waitFor({ timeout: 60_000 });
      expect(
        await page.getByRole('textbox', { name: /^Image tag/ }).inputValue(),
      ).toBe(tag);
      expect(
        await page.getByRole('textbox', { name: /^Repository/ }).inputValue(),
      ).toBe(`${COMPONENT}-deploy`);
      await page.getByRole('button', { name: 'Review' }).click();
      await page.getByRole('button', { name: 'Create' }).click();

      // the task completes; its output links the pull request, which the
      // git host serves
      const link = page.getByRole('link', { name: 'Pull request' });
      await link.waitFor({ timeout: 120_000 });
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(
        new RegExp(
          `^${
            portal.sandbox.gitHost!.baseUrl
          }/acme/${COMPONENT}-deploy/pull/\\d+$`,
        ),
      );
      const pullPage = await fetch(href);
      expect(pullPage.status).toBe(200);
      const number = Number(href.split('/').pop());

      // back on the GitOps tab the pull request is listed; Merge merges it
      await openPortal(
        page,
        portal.baseUrl,
        `/catalog/default/component/${COMPONENT}/gitops`,
      );
      const pulls = page.getByRole('table', {
        name: 'Promotion pull requests',
      });
      await pulls.waitFor({ timeout: 60_000 });
      const row = pulls.getByRole('row').filter({ hasText: `#${number} ` });
      expect(await row.getByRole('cell').nth(1).innerText()).toBe(environment);
      await row.getByRole('button', { name: 'Merge' }).click();
      await page
        .getByText(new RegExp(`^Merged #${number} as [0-9a-f]{7}$`))
        .waitFor({ timeout: 30_000 });
      await row.waitFor({ state: 'detached', timeout: 30_000 });

      // the environment's agent sees the merge; a manual-sync environment
      // is synced from the portal. The matrix shows the new tag, no reload.
      const outOfSync = cell.getByText('OutOfSync', { exact: true });
      const deployed = cell.getByText(` · ${tag}`, { exact: false });
      await outOfSync.or(deployed).first().waitFor({ timeout: 60_000 });
      if (await outOfSync.isVisible()) {
        await cell.getByRole('button', { name: `Open ${application}` }).click();
        const drawer = page.locator('[role="presentation"]').filter({
          has: page.getByRole('tablist', { name: 'Application details' }),
        });
        await drawer.getByRole('button', { name: 'Sync', exact: true }).click();
        const dialog = page.getByRole('dialog', {
          name: `Sync ${application}`,
        });
        await dialog.getByRole('button', { name: 'Synchronize' }).click();
        await drawer.getByText(/Sync succeeded/).waitFor({ timeout: 60_000 });
        await page.keyboard.press('Escape');
      }
      await deployed.waitFor({ timeout: 60_000 });
      const after = (await cell.innerText()).split('\n')[0];
      expect(after).not.toBe(before);
      // eslint-disable-next-line no-console
      console.log(`promotion loop: ${application} ${before} -> ${after}`);
    },
  );
});
