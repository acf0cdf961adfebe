import { openPortal } from './support/browser';
import { inCatalog, openGitOpsTab } from './support/entityTab';
import { OWNER_POLICY, usePortalPage } from './support/portalPage';
import { gitHostRepository } from './support/gitHostRepository';

/*
 * Issue 39 items 8, 2 and 5 in the running portal, the sandbox's git host
 * standing in for GitHub: sign-in lands on a home page, not a 404; Merge on
 * a promotion pull request asks first, and Cancel leaves it open; once a
 * promotion's pull request is open, the Promotion card links it instead of
 * offering the same Promote again.
 */

const COMPONENT = 'payments-api';
const REPOSITORY = `${COMPONENT}-deploy`;
const session = usePortalPage({
  portal: { gitHost: true, config: OWNER_POLICY },
  viewport: { width: 1280, height: 1000 },
});
const { journey } = session;

/** The service's deploy repository on the git host (its GitHub REST API). */
const deployRepository = () =>
  gitHostRepository(session.portal.sandbox.gitHost!, REPOSITORY);
const gitHost = (method: string, route: string, body?: unknown) =>
  deployRepository().rest(method, route, body);

/**
 * Opens the pull request the promote-release template would open for a
 * promotion (branch `promote-<environment>-<tag>`, the overlay's new tag),
 * through the git host's API; answers its number.
 */
async function openPromotionPullRequest(environment: string, tag: string) {
  const sha = await deployRepository().commitOverlayTag(
    environment,
    tag,
    `Promote ${tag} to ${environment}`,
  );
  const branch = `promote-${environment}-${tag}`;
  await gitHost('POST', '/git/refs', {
    ref: `refs/heads/${branch}`,
    sha,
  });
  const pull = await gitHost('POST', '/pulls', {
    title: `Promote ${COMPONENT} ${tag} to ${environment}`,
    head: branch,
    base: 'main',
  });
  return pull.number as number;
}

describe('promotion safety', () => {
  journey('sign-in lands on the home page, not a 404', async () => {
    await openPortal(session.page, session.portal.baseUrl, '/');
    await session.page
      .getByRole('heading', { name: 'GitOps Portal' })
      .waitFor({ timeout: 60_000 });
    expect(await session.page.getByText(/dropped the mic/i).count()).toBe(0);
    await session.page
      .getByRole('link', { name: 'Browse the catalog' })
      .waitFor();
  });

  journey(
    'an open promotion pull request replaces the same Promote; Merge asks first and Cancel leaves it open',
    async () => {
      await inCatalog(session.portal, COMPONENT);
      await openGitOpsTab(session.page, session.portal, COMPONENT, 120_000);
      const promote = session.page
        .locator('a', { hasText: /^Promote \S+ to \S+$/ })
        .first();
      await promote.waitFor({ timeout: 60_000 });
      const offer = (await promote.textContent())!;
      const [, tag, environment] = offer.match(/^Promote (\S+) to (\S+)$/)!;

      const number = await openPromotionPullRequest(environment, tag);

      // the tab lists the pull request, and the card links it instead of
      // offering the same promotion again
      await openGitOpsTab(session.page, session.portal, COMPONENT, 120_000);
      await session.page
        .getByRole('link', { name: new RegExp(`^PR #${number} open`) })
        .waitFor({ timeout: 60_000 });
      expect(await session.page.locator('a', { hasText: offer }).count()).toBe(
        0,
      );

      // Merge asks, naming the pull request, its repository and environment
      const pulls = session.page.getByRole('table', {
        name: 'Promotion pull requests',
      });
      const row = pulls.getByRole('row').filter({ hasText: `#${number} ` });
      await row.getByRole('button', { name: 'Merge' }).click();
      const dialog = session.page.getByRole('dialog', {
        name: `Merge pull request #${number}?`,
      });
      await dialog.waitFor({ timeout: 10_000 });
      const text = await dialog.innerText();
      expect(text).toContain(`acme/${REPOSITORY}`);
      expect(text).toContain(`Target environment: ${environment}`);
      expect(text).toContain(`${environment} is set to release ${tag}`);

      // Cancel merges nothing: the pull request stays open
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      const pull = await gitHost('GET', `/pulls/${number}`);
      expect(pull.state).toBe('open');
      expect(pull.merged ?? false).toBe(false);
      expect(await row.isVisible()).toBe(true);
    },
  );
});
