import { openPortal } from './support/browser';
import { inCatalog, openGitOpsTab } from './support/entityTab';
import { agentServes, eventually, guestToken } from './support/portalCalls';
import { OWNER_POLICY, usePortalPage } from './support/portalPage';
import { fillServiceTemplate } from './support/serviceTemplate';

/*
 * Issue 39 items 9 to 11 in the running portal, the sandbox's git host
 * standing in for GitHub (as `npm start` runs it): add-environment checks
 * what a service runs in once it is picked, and with nothing checked Next
 * says so in words; the gitops-service form starts on the git host with
 * the repository named after the service, and Review shows it without the
 * field being left; after creation, the catalog's "View source", the
 * catalog-info.yaml location and the repository answer 200 on the git host,
 * and the Applications link opens the new component's GitOps tab. A
 * service whose repository stays on github.com (kyc-service, a directory
 * app) is told apart: its pull requests are not listed, as its host is not
 * a configured git host, and nothing is fetched from github.com.
 */

const COMPONENT = 'payments-api';
const session = usePortalPage({
  portal: { gitHost: true, config: OWNER_POLICY },
  viewport: { width: 1280, height: 1000 },
});
const { journey } = session;

/** The environment checkboxes of the add-environment form (not its confirmation). */
const environmentBoxes = () =>
  session.page.getByRole('checkbox', {
    name: / · (deployed today|new)$|^\w+$/,
  });

/** A catalog entity of the portal, as the guest reads it. */
async function catalogEntity(kind: string, name: string) {
  const res = await fetch(
    `${session.portal.baseUrl}/api/catalog/entities/by-name/${kind}/default/${name}`,
    {
      headers: {
        authorization: `Bearer ${await guestToken(session.portal.baseUrl)}`,
      },
    },
  );
  return {
    status: res.status,
    entity: res.status === 200 ? await res.json() : undefined,
  };
}

/** The web address of a `url:` location annotation. */
const locationUrl = (value: string) => value.replace(/^url:/, '');

describe('the first hour', () => {
  journey(
    "add-environment checks the service's environments, and with none checked Next asks for one in words",
    async () => {
      await inCatalog(session.portal, COMPONENT);
      const page = session.page;
      await openPortal(
        page,
        session.portal.baseUrl,
        '/create/templates/default/gitops-add-environment',
      );
      await page.goto(
        `${session.portal.baseUrl}/create/templates/default/gitops-add-environment`,
      );
      await page
        .getByRole('textbox', { name: /^New environment/ })
        .fill('staging');
      const service = page.locator('#root_entity');
      await service.click();
      await service.fill(COMPONENT);
      await page
        .getByRole('option', { name: new RegExp(COMPONENT) })
        .first()
        .click();

      // once the service is picked: what it runs in today, and the new one
      await page.locator('input[type=checkbox][name=staging]:checked').waitFor({
        timeout: 60_000,
      });
      const deployed = page.getByRole('checkbox', {
        name: / · deployed today$/,
      });
      expect(await deployed.count()).toBeGreaterThan(0);
      for (const box of await deployed.all()) {
        expect(await box.isChecked()).toBe(true);
      }

      // unchecking everything: Next names the problem in words
      for (const box of await environmentBoxes().all()) {
        if (await box.isChecked()) await box.uncheck();
      }
      await page.getByRole('button', { name: 'Next' }).click();
      await page
        .getByText('Pick at least one environment.')
        .first()
        .waitFor({ timeout: 30_000 });
      expect(await page.getByText(/must be string/).count()).toBe(0);
    },
  );

  journey(
    'the gitops-service form starts on the git host named after the service; after creation every link answers and Applications opens its GitOps tab',
    async () => {
      const page = session.page;
      const gitHost = session.portal.sandbox.gitHost!;
      const name = `first-${Date.now().toString(36)}`;
      const agentId = 'argocd-nonprod';
      // the portal knows where the agent deploys QA
      await agentServes(session.portal.baseUrl, agentId, ['qa']);
      const agents = await fillServiceTemplate(page, session.portal, { name });
      await agents.getByRole('option', { name: /^argocd-nonprod/ }).click();
      await agents.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Next' }).click();

      // the repository step starts on the git host, at its owner, named
      // after the service: nothing to type
      const host = page.getByRole('combobox', { name: /^Host/ });
      await host.waitFor({ timeout: 30_000 });
      expect(await host.inputValue()).toBe(gitHost.host);
      expect(
        await page.getByRole('textbox', { name: /^Owner/ }).inputValue(),
      ).toBe('acme');
      const repository = page.getByRole('textbox', { name: /^Repository/ });
      expect(await repository.inputValue()).toBe(name);
      // the help says what is true on the sandbox: publishing stays on
      const help = await page.locator('form').innerText();
      expect(help).not.toMatch(/turn (it|publishing) off on the sandbox/i);
      expect(
        await page
          .getByRole('checkbox', { name: 'Publish the repository' })
          .isChecked(),
      ).toBe(true);

      // a name typed and never left still reaches the review
      await repository.fill(`${name}-x`);
      await repository.fill(name);
      await page.getByRole('button', { name: 'Review' }).click();
      const review = page.getByRole('button', { name: 'Create' });
      await review.waitFor({ timeout: 30_000 });
      expect(await page.getByText(/repo not provided/i).count()).toBe(0);
      await page
        .getByText(new RegExp(`owner=acme&repo=${name}$`))
        .first()
        .waitFor({ timeout: 10_000 });
      await review.click();

      // the task's links: the repository on the host, the catalog entry,
      // and the applications
      const repositoryLink = page.getByRole('link', { name: 'Repository' });
      await repositoryLink.waitFor({ timeout: 180_000 });
      const repositoryUrl = (await repositoryLink.getAttribute('href'))!;
      expect(repositoryUrl).toBe(`${gitHost.baseUrl}/acme/${name}`);
      expect((await fetch(repositoryUrl)).status).toBe(200);
      const applications = page.getByRole('link', {
        name: /^Applications: /,
      });
      await applications.waitFor({ timeout: 30_000 });

      // once the catalog has the registered component (its entity page
      // reads it once): Applications opens its GitOps tab, where the new
      // (healthy) applications are, not the fleet's needs-attention list
      const { entity } = await eventually(
        () => catalogEntity('component', name),
        found => found.status === 200,
        120_000,
      );
      await applications.click();
      await page.waitForURL(`**/catalog/default/component/${name}/gitops`, {
        timeout: 60_000,
      });
      const matrix = page.getByRole('table', { name: 'Environment matrix' });
      await matrix.waitFor({ timeout: 120_000 });
      await matrix
        .getByRole('button', { name: `Open ${name}-qa` })
        .waitFor({ timeout: 120_000 });

      // its catalog-info.yaml and "View source" on the git host
      const annotations = entity.metadata.annotations as Record<string, string>;
      const catalogInfo = locationUrl(
        annotations['backstage.io/managed-by-location'],
      );
      // catalog:register names it under the repository's tree, as on GitHub
      expect(catalogInfo).toMatch(
        new RegExp(
          `^${gitHost.baseUrl}/acme/${name}/(tree|blob)/main/catalog-info\\.yaml$`,
        ),
      );
      const catalogInfoPage = await fetch(catalogInfo);
      expect(catalogInfoPage.status).toBe(200);
      expect(await catalogInfoPage.text()).toContain(`name: ${name}`);

      await openPortal(
        page,
        session.portal.baseUrl,
        `/catalog/default/component/${name}`,
      );
      const viewSource = page.getByRole('link', { name: /view source/i });
      await viewSource.waitFor({ timeout: 60_000 });
      const sourceUrl = (await viewSource.getAttribute('href'))!;
      expect(sourceUrl.startsWith(`${gitHost.baseUrl}/acme/${name}/`)).toBe(
        true,
      );
      const sourcePage = await fetch(sourceUrl);
      expect(sourcePage.status).toBe(200);
      expect(await sourcePage.text()).toContain('catalog-info.yaml');
    },
  );

  journey(
    "a repository on a host that is not a configured git host is named as such, instead of 'fetch failed'",
    async () => {
      await inCatalog(session.portal, 'kyc-service');
      await openGitOpsTab(session.page, session.portal, 'kyc-service', 120_000);
      await session.page
        .getByText(
          /kyc-service-deploy\.git is on github\.com, which is not a configured git host/,
        )
        .waitFor({ timeout: 60_000 });
      expect(await session.page.getByText(/fetch failed/i).count()).toBe(0);
    },
  );
});
