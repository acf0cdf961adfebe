import { openPortal } from './support/browser';
import {
  applicationDrawer,
  inCatalog,
  openGitOpsTab,
} from './support/entityTab';
import { agentServes, eventually } from './support/portalCalls';
import { OWNER_POLICY, usePortalPage } from './support/portalPage';
import { fillServiceTemplate } from './support/serviceTemplate';
import { gitHostRepository } from './support/gitHostRepository';
import { agentApplication } from './support/agentApplication';

/*
 * The whole promotion loop in the running portal, with the sandbox's git
 * host standing in for GitHub (as `npm start` runs it): Promote on the
 * GitOps tab opens the promote-release template prefilled, its task opens a
 * pull request on the git host, the tab lists it, Merge merges it, and the
 * target environment's agent deploys the new tag (synced from the portal
 * when the environment syncs by hand), shown without a reload. The same
 * holds for a service the gitops-service template creates on the git host.
 */

const COMPONENT = 'payments-api';
const session = usePortalPage({
  portal: { gitHost: true, config: OWNER_POLICY },
  viewport: { width: 1440, height: 1000 },
});
const { journey } = session;

/** The matrix cell of an application (the one holding its Open button). */
function cellOf(application: string) {
  return session.page
    .getByRole('table', { name: 'Environment matrix' })
    .getByRole('cell')
    .filter({
      has: session.page.getByRole('button', { name: `Open ${application}` }),
    });
}

/**
 * Promotes what the GitOps tab of a component offers through a pull request
 * on the git host, merges it from the tab, and waits until the target
 * environment runs it; answers the environment and its tag before and after.
 */
async function promoteThroughPullRequest(
  component: string,
  repository: string,
) {
  await inCatalog(session.portal, component);
  await openGitOpsTab(session.page, session.portal, component);

  // the Promotion card offers the next release of the environment behind
  const promote = session.page
    .locator('a', { hasText: /^Promote \S+ to \S+$/ })
    .first();
  await promote.waitFor({ timeout: 60_000 });
  const [, tag, environment] = (await promote.textContent())!.match(
    /^Promote (\S+) to (\S+)$/,
  )!;
  const application = `${component}-${environment}`;
  const cell = cellOf(application);
  const before = (await cell.innerText()).split('\n')[0];
  expect(before).not.toContain(tag);

  // the template opens prefilled for this service and environment
  await promote.click();
  await session.page
    .getByRole('textbox', { name: /^Image tag/ })
    .waitFor({ timeout: 60_000 });
  expect(
    await session.page
      .getByRole('textbox', { name: /^Image tag/ })
      .inputValue(),
  ).toBe(tag);
  expect(
    await session.page
      .getByRole('textbox', { name: /^Repository/ })
      .inputValue(),
  ).toBe(repository);
  await session.page.getByRole('button', { name: 'Review' }).click();
  await session.page.getByRole('button', { name: 'Create' }).click();

  // the task completes; its output links the pull request, which the
  // git host serves
  const link = session.page.getByRole('link', { name: 'Pull request' });
  await link.waitFor({ timeout: 120_000 });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(
    new RegExp(
      `^${
        session.portal.sandbox.gitHost!.baseUrl
      }/acme/${repository}/pull/\\d+$`,
    ),
  );
  const pullPage = await fetch(href);
  expect(pullPage.status).toBe(200);
  const number = Number(href.split('/').pop());

  // back on the GitOps tab the pull request is listed; Merge merges it
  await openPortal(
    session.page,
    session.portal.baseUrl,
    `/catalog/default/component/${component}/gitops`,
  );
  const pulls = session.page.getByRole('table', {
    name: 'Promotion pull requests',
  });
  await pulls.waitFor({ timeout: 60_000 });
  const row = pulls.getByRole('row').filter({ hasText: `#${number} ` });
  expect(await row.getByRole('cell').nth(1).innerText()).toBe(environment);
  await row.getByRole('button', { name: 'Merge' }).click();
  // the merge asks first, naming the pull request
  await session.page
    .getByRole('dialog', { name: `Merge pull request #${number}?` })
    .getByRole('button', { name: `Merge #${number}` })
    .click();
  await session.page
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
    const drawer = applicationDrawer(session.page);
    await drawer.getByRole('button', { name: 'Sync', exact: true }).click();
    const dialog = session.page.getByRole('dialog', {
      name: `Sync ${application}`,
    });
    await dialog.getByRole('button', { name: 'Synchronize' }).click();
    await drawer.getByText(/Sync succeeded/).waitFor({ timeout: 60_000 });
    await session.page.keyboard.press('Escape');
  }
  await deployed.waitFor({ timeout: 60_000 });
  const after = (await cell.innerText()).split('\n')[0];
  expect(after).not.toBe(before);
  return { application, tag, before, after };
}

/** Whether an application is synced, its last sync done, and runs `image`. */
function runs(app: any, image: string): boolean {
  return (
    app?.status?.sync?.status === 'Synced' &&
    app?.status?.operationState?.phase === 'Succeeded' &&
    (app?.status?.summary?.images ?? []).includes(image)
  );
}

/**
 * What a release build does: commits the new image tag to one overlay of a
 * repository on the git host (the host's GitHub REST API, its token).
 */
async function commitImageTag(
  repository: string,
  environment: string,
  tag: string,
) {
  const repo = gitHostRepository(session.portal.sandbox.gitHost!, repository);
  const sha = await repo.commitOverlayTag(
    environment,
    tag,
    `Release ${tag} to ${environment}`,
  );
  await repo.rest('PATCH', '/git/refs/heads/main', { sha });
}

describe('the promotion loop', () => {
  journey(
    'promotes a release through a pull request on the git host, merges it from the portal, and the environment runs it',
    async () => {
      const { application, before, after } = await promoteThroughPullRequest(
        COMPONENT,
        `${COMPONENT}-deploy`,
      );
      // eslint-disable-next-line no-console
      console.log(`promotion loop: ${application} ${before} -> ${after}`);
    },
  );

  journey(
    'creates a service on the git host with the GitOps service template, and promotes its release the same way',
    async () => {
      const name = `orders-${Date.now().toString(36)}`;
      const agentId = 'argocd-nonprod';
      const gitHost = session.portal.sandbox.gitHost!;
      // signed in once the example catalog (the guest's team) is ingested,
      // and once the portal knows where the agent deploys dev and QA
      await inCatalog(session.portal, COMPONENT);
      const served = await agentServes(session.portal.baseUrl, agentId, [
        'dev',
        'qa',
      ]);
      expect(served).toEqual(expect.arrayContaining(['dev', 'qa']));
      const agents = await fillServiceTemplate(session.page, session.portal, {
        name,
      });
      await agents.getByRole('option', { name: /^argocd-nonprod/ }).click();
      await agents.waitFor({ state: 'detached' });
      await session.page.getByRole('button', { name: 'Next' }).click();

      // published on the git host (the picker offers it beside github.com)
      await session.page
        .getByTestId('host-select')
        .locator('xpath=descendant-or-self::select')
        .selectOption(gitHost.host);
      await session.page.getByRole('textbox', { name: /^Owner/ }).fill('acme');
      const repositoryName = session.page.getByRole('textbox', {
        name: /^Repository/,
      });
      await repositoryName.fill(name);
      // the name field completes from the host's repositories: leaving it takes the typed name
      await repositoryName.press('Tab');
      expect(
        await session.page
          .getByRole('checkbox', { name: 'Publish the repository' })
          .isChecked(),
      ).toBe(true);
      await session.page.getByRole('button', { name: 'Review' }).click();
      await session.page.getByRole('button', { name: 'Create' }).click();

      // the task completes; its output links the repository on the host
      const repositoryLink = session.page.getByRole('link', {
        name: 'Repository',
      });
      await repositoryLink.waitFor({ timeout: 180_000 });
      const repositoryUrl = (await repositoryLink.getAttribute('href'))!;
      expect(repositoryUrl).toBe(`${gitHost.baseUrl}/acme/${name}`);
      expect((await fetch(repositoryUrl)).status).toBe(200);

      // its applications deploy each overlay's tag from the host's commits
      const image = `ghcr.io/acme/${name}`;
      const deployed = (environment: string, tag: string) =>
        eventually(
          () =>
            // undefined until the agent has it
            agentApplication(
              session.portal,
              agentId,
              `${name}-${environment}`,
            ).catch(() => undefined),
          app => runs(app, `${image}:${tag}`),
          120_000,
        );
      for (const environment of ['dev', 'qa']) {
        const app = await deployed(environment, '0.1.0');
        expect(runs(app, `${image}:0.1.0`)).toBe(true);
        expect(app.spec.source.repoURL).toBe(
          `${gitHost.baseUrl}/acme/${name}.git`,
        );
      }

      // a release build reaches dev; QA is behind and gets it by promotion
      await commitImageTag(name, 'dev', '0.2.0');
      expect(runs(await deployed('dev', '0.2.0'), `${image}:0.2.0`)).toBe(true);
      const promoted = await promoteThroughPullRequest(name, name);
      expect({
        application: promoted.application,
        tag: promoted.tag,
      }).toEqual({ application: `${name}-qa`, tag: '0.2.0' });
      expect(runs(await deployed('qa', '0.2.0'), `${image}:0.2.0`)).toBe(true);
      // eslint-disable-next-line no-console
      console.log(
        `promotion loop of a new service: ${promoted.application} ${promoted.before} -> ${promoted.after}`,
      );
    },
  );
});
