import path from 'node:path';
import { Locator } from 'playwright-core';
import { controlAgent, openApplicationDrawer } from './support/entityTab';
import { pageWidth } from './support/pageChecks';
import { repoRoot } from './support/startPortal';
import { OWNER_POLICY, usePortalPage } from './support/portalPage';

/*
 * A new user opens a resource of an application in the drawer: its live
 * manifest, its Kubernetes events and its pods' logs (followed, then
 * stopped), on an Argo CD application and on a Harness one, at 1280 px.
 * The sandbox agents hold the events and write the log lines through their
 * control API.
 */

const session = usePortalPage({
  portal: { config: OWNER_POLICY },
  viewport: { width: 1280, height: 900 },
});
const { journey } = session;

/** Calls a sandbox agent's control API (`/_sandbox/...`). */
const control = (agentId: string, route: string, body: object) =>
  controlAgent(session.portal, agentId, route, body);

/** Opens the drawer of a service's application in one environment. */
const openDrawer = (component: string, application: string) =>
  openApplicationDrawer(session.page, session.portal, component, application);

/** Opens the first resource row of a kind; answers the panel and its name. */
async function openResource(drawer: Locator, kind: string) {
  const row = drawer.getByText(new RegExp(`^${kind}/`)).first();
  await row.waitFor({ timeout: 30_000 });
  const name = (await row.innerText()).trim().slice(kind.length + 1);
  await row.click();
  const panel = drawer.getByRole('region', {
    name: `Resource ${kind} ${name}`,
  });
  await panel.waitFor();
  return { panel, name };
}

async function noHorizontalScroll() {
  const { scrollWidth, innerWidth } = await pageWidth(session.page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Events, then logs: the tail, a followed line, and a stop. */
async function eventsAndLogs(
  panel: Locator,
  agentId: string,
  application: string,
  kind: string,
  name: string,
) {
  await control(agentId, '/events', {
    application,
    resource: { kind, name },
    type: 'Warning',
    reason: 'Unhealthy',
    message: `Readiness probe failed on ${name}`,
  });
  await panel.getByRole('tab', { name: 'Events' }).click();
  const events = panel.getByRole('table', { name: 'Resource events' });
  await events.waitFor({ timeout: 30_000 });
  const warning = events
    .getByRole('row')
    .filter({ hasText: `Readiness probe failed on ${name}` });
  await warning.waitFor();
  expect(await warning.innerText()).toMatch(/Warning\s+Unhealthy/);
  await noHorizontalScroll();

  await panel.getByRole('tab', { name: 'Logs' }).click();
  const lines = panel.getByLabel('Log lines');
  await lines
    .getByText(/Listening on :8080|panic:/)
    .first()
    .waitFor({
      timeout: 30_000,
    });
  await panel.getByRole('checkbox', { name: 'Follow' }).check();
  await panel.getByRole('button', { name: 'Stop' }).waitFor();
  // the follow's stream is open: a line written now shows up
  const marker = `GET /healthz 200 (${Date.now()})`;
  for (let i = 0; ; i++) {
    await control(agentId, '/logs', { application, lines: [marker] });
    try {
      await lines.getByText(marker).first().waitFor({ timeout: 2_000 });
      break;
    } catch (error) {
      // the follow's request may not have reached the agent yet
      if (i > 10) throw error;
    }
  }
  await noHorizontalScroll();
  await panel.getByRole('button', { name: 'Stop' }).click();
  await panel.getByText('Stopped following.').waitFor();
}

describe('a resource of an application, opened from the drawer', () => {
  journey(
    '1. an Argo CD application: a Secret shows no data, a pod its events and followed logs',
    async () => {
      const drawer = await openDrawer('payments-api', 'payments-api-dev');

      const secret = await openResource(drawer, 'Secret');
      const manifest = secret.panel.getByTestId('resource-manifest');
      await manifest.getByText(/kind: Secret/).waitFor({ timeout: 30_000 });
      const yaml = await manifest.innerText();
      expect(yaml).toContain('<redacted>');
      for (const value of session.portal.sandbox.secretValues()) {
        if (value.length >= 6) expect(yaml).not.toContain(value);
      }
      await noHorizontalScroll();
      await secret.panel.getByRole('button', { name: 'Resources' }).click();

      const pod = await openResource(drawer, 'Pod');
      await pod.panel
        .getByTestId('resource-manifest')
        .getByText(/kind: Pod/)
        .waitFor({ timeout: 30_000 });
      await eventsAndLogs(
        pod.panel,
        'argocd-nonprod',
        'payments-api-dev',
        'Pod',
        pod.name,
      );
      await session.page.screenshot({
        path: path.join(repoRoot, 'docs/screenshots/resource-logs.png'),
      });
      await session.page.keyboard.press('Escape');
    },
  );

  journey(
    '2. a Harness application: a Deployment shows its events and its pods’ followed logs',
    async () => {
      const drawer = await openDrawer(
        'payments-gateway',
        'payments-gateway-dev',
      );
      const deployment = await openResource(drawer, 'Deployment');
      await deployment.panel
        .getByTestId('resource-manifest')
        .getByText(/kind: Deployment/)
        .waitFor({ timeout: 30_000 });
      await eventsAndLogs(
        deployment.panel,
        'harness-eu',
        'payments-gateway-dev',
        'Deployment',
        deployment.name,
      );
      await session.page.keyboard.press('Escape');
    },
  );
});
