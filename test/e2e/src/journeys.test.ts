import path from 'node:path';
import { openPortal, waitForProgress } from './support/browser';
import { repoRoot } from './support/startPortal';
import { applicationDrawer, openGitOpsTab } from './support/entityTab';
import { OWNER_POLICY, usePortalPage } from './support/portalPage';
import { fillServiceTemplate } from './support/serviceTemplate';
import {
  eventually,
  guestToken as portalGuestToken,
} from './support/portalCalls';

/*
 * A new user's journey through the running portal: the real backend
 * (packages/backend, owner-based permission policy) serving the built app,
 * pointed at the sandbox agents of examples/fleet.yaml, in Debian's Chromium.
 * The guest user belongs to team-payments.
 */

const screenshots = path.join(repoRoot, 'docs/screenshots');
const session = usePortalPage({
  portal: { config: OWNER_POLICY },
  viewport: { width: 1440, height: 1000 },
});
const { journey } = session;

/** The guest's token, for checking what the portal's API answers. */
const guestToken = () => portalGuestToken(session.portal.baseUrl);

async function api(route: string, init: RequestInit = {}) {
  const res = await fetch(`${session.portal.baseUrl}/api/gitops${route}`, {
    ...init,
    headers: {
      authorization: `Bearer ${await guestToken()}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Where the suite says a service's applications run. */
async function applicationsOf(component: string) {
  const { status, body } = await api(
    `/entity/default/component/${component}/applications`,
  );
  expect(status).toBe(200);
  const environments = body.environments as Array<{
    name: string;
    applications: Array<{
      name: string;
      agentId: string;
      sync: { status: string };
      health: { status: string };
    }>;
  }>;
  return environments.flatMap(env =>
    env.applications.map(app => ({ ...app, environment: env.name })),
  );
}

describe('a new user in the GitOps portal', () => {
  journey(
    '1. finds a service in the catalog and sees where it runs, environments in promotion order',
    async () => {
      // the catalog ingests the example entities after the backend starts:
      // the list is read once, so open it when payments-api is in
      await eventually(
        async () =>
          (
            await fetch(
              `${session.portal.baseUrl}/api/catalog/entities/by-name/component/default/payments-api`,
              { headers: { authorization: `Bearer ${await guestToken()}` } },
            )
          ).status,
        status => status === 200,
        120_000,
      );
      await openPortal(session.page, session.portal.baseUrl, '/catalog');
      await session.page
        .getByRole('link', { name: 'payments-api', exact: true })
        .click();
      // the new frontend system's entity page heads its contents with
      // links (Backstage UI header tabs), not ARIA tabs
      await session.page
        .locator('a[href$="/catalog/default/component/payments-api/gitops"]')
        .click();
      await waitForProgress(session.page);
      const matrix = session.page.getByRole('table', {
        name: 'Environment matrix',
      });
      await matrix.waitFor();
      const headers = (await matrix.locator('thead th').allInnerTexts()).map(
        h => h.trim(),
      );
      expect(headers.slice(0, 3)).toEqual(['Service', 'Development', 'QA']);
      // the title alone where it restates the name (environmentLabel)
      expect(headers[3]).toBe('Production');
      expect(headers).toHaveLength(4);
      // each environment's cell opens the application the backend places there
      const apps = await applicationsOf('payments-api');
      expect(apps.map(a => a.environment).sort()).toEqual([
        'dev',
        'prod',
        'qa',
      ]);
      for (const app of apps) {
        const column = ['dev', 'qa', 'prod'].indexOf(app.environment!) + 1;
        const cell = matrix
          .locator('tbody tr')
          .first()
          .locator('td')
          .nth(column - 1);
        await cell.getByRole('button', { name: `Open ${app.name}` }).waitFor();
      }
      await session.page.screenshot({
        path: path.join(screenshots, 'entity-gitops-tab.png'),
        fullPage: true,
      });
    },
  );

  journey(
    '2. syncs an OutOfSync application from the UI; it ends Synced and Healthy, with history and audit',
    async () => {
      const before = (await applicationsOf('payments-api')).find(
        a => a.environment === 'qa',
      )!;
      expect(before.sync.status).toBe('OutOfSync');
      const matrix = await openGitOpsTab(
        session.page,
        session.portal,
        'payments-api',
      );
      await matrix.getByRole('button', { name: `Open ${before.name}` }).click();
      const drawer = applicationDrawer(session.page);

      // a dry run first: it ends as soon as the agent reports it, is shown
      // as a dry run, and deploys nothing
      await drawer.getByRole('button', { name: 'Sync', exact: true }).click();
      const dryDialog = session.page.getByRole('dialog', {
        name: `Sync ${before.name}`,
      });
      await dryDialog.getByRole('checkbox', { name: 'Dry run' }).check();
      await dryDialog.getByRole('button', { name: 'Dry run' }).click();
      await drawer
        .getByText(/Sync \(dry run\) succeeded/)
        .waitFor({ timeout: 15_000 });
      const afterDryRun = (await applicationsOf('payments-api')).find(
        a => a.name === before.name,
      )!;
      expect(afterDryRun.sync.status).toBe('OutOfSync');
      const detail = await api(
        `/entity/default/component/payments-api/applications/${afterDryRun.agentId}/${afterDryRun.name}`,
      );
      expect(detail.body.application.operation).toMatchObject({
        phase: 'Succeeded',
        dryRun: true,
      });
      await drawer
        .getByRole('button', { name: 'Sync', exact: true })
        .waitFor({ state: 'visible' });
      expect(
        await drawer
          .getByRole('button', { name: 'Sync', exact: true })
          .isEnabled(),
      ).toBe(true);

      await drawer.getByRole('button', { name: 'Sync', exact: true }).click();
      const dialog = session.page.getByRole('dialog', {
        name: `Sync ${before.name}`,
      });
      await session.page.screenshot({
        path: path.join(screenshots, 'sync-dialog.png'),
      });
      await dialog.getByRole('button', { name: 'Synchronize' }).click();
      await drawer.getByText(/Sync succeeded/).waitFor({ timeout: 60_000 });
      // the sync rolls out: Progressing for a moment, then Healthy
      const after = await eventually(
        async () =>
          (
            await applicationsOf('payments-api')
          ).find(a => a.name === before.name),
        app =>
          app?.sync.status === 'Synced' && app?.health.status === 'Healthy',
        60_000,
      );
      expect(after?.sync.status).toBe('Synced');
      expect(after?.health.status).toBe('Healthy');
      await session.page.screenshot({
        path: path.join(screenshots, 'application-drawer.png'),
      });

      // the history tab lists the deployment, the audit tab the audit row
      await drawer.getByRole('tab', { name: 'History' }).click();
      await drawer.getByRole('list', { name: 'Deployment history' }).waitFor();
      await drawer.getByRole('tab', { name: 'Audit' }).click();
      const audit = drawer.getByRole('table', { name: 'Audit entries' });
      await audit.waitFor();
      expect(
        await eventually(
          async () => (await audit.innerText()).toLowerCase(),
          text => /sync[\s\S]*succeeded/.test(text),
        ),
      ).toMatch(/sync[\s\S]*succeeded/);
      expect(await audit.innerText()).toContain('guest');
      const { body } = await api(
        `/audit?entityRef=component:default/payments-api`,
      );
      const rows = (body.items ?? []) as Array<Record<string, unknown>>;
      expect(
        rows.some(
          r =>
            r.action === 'sync' &&
            r.outcome === 'succeeded' &&
            r.application === before.name &&
            String(r.actor).includes('guest'),
        ),
      ).toBe(true);
      await session.page.keyboard.press('Escape');
    },
  );

  journey(
    '3. a user who does not own a service sees the sync button disabled with the reason, and a forged sync is refused',
    async () => {
      // checkout-web belongs to team-checkout; the guest is in team-payments
      const [app] = (await applicationsOf('checkout-web')).filter(
        a => a.environment === 'dev',
      );
      const matrix = await openGitOpsTab(
        session.page,
        session.portal,
        'checkout-web',
      );
      await matrix.getByRole('button', { name: `Open ${app.name}` }).click();
      const drawer = applicationDrawer(session.page);
      await drawer.getByRole('tab', { name: 'Resources' }).waitFor();
      await waitForProgress(session.page);
      await drawer
        .getByText(/team-checkout owns checkout-web/)
        .waitFor({ timeout: 30_000 });
      expect(
        await drawer
          .getByRole('button', { name: 'Sync', exact: true })
          .isDisabled(),
      ).toBe(true);
      expect(
        await drawer.getByRole('button', { name: 'Rollback' }).isDisabled(),
      ).toBe(true);
      await session.page.keyboard.press('Escape');

      const auditBefore = await api(
        `/audit?entityRef=component:default/checkout-web`,
      );
      const forged = await api(
        `/entity/default/component/checkout-web/applications/${app.agentId}/${app.name}/sync`,
        { method: 'POST', body: JSON.stringify({}) },
      );
      expect(forged.status).toBe(403);
      const auditAfter = await api(
        `/audit?entityRef=component:default/checkout-web`,
      );
      // nothing reached the agent; the refusal itself is in the audit log
      expect(auditAfter.body.items.slice(1)).toEqual(auditBefore.body.items);
      expect(auditAfter.body.items[0]).toMatchObject({
        action: 'sync',
        outcome: 'refused',
        application: app.name,
      });
      expect(
        (await applicationsOf('checkout-web')).find(a => a.name === app.name)
          ?.sync.status,
      ).toBe(app.sync.status);
    },
  );

  journey(
    '4. shows the changed field in the diff of a drifted application',
    async () => {
      const [app] = (await applicationsOf('inventory-service')).filter(
        a => a.environment === 'qa',
      );
      const drift = session.portal.sandbox.drift(
        app.agentId,
        app.name,
        'replicas',
      );
      const matrix = await openGitOpsTab(
        session.page,
        session.portal,
        'inventory-service',
      );
      await matrix.getByRole('button', { name: `Open ${app.name}` }).click();
      const drawer = applicationDrawer(session.page);
      await drawer.getByRole('tab', { name: 'Diff' }).click();
      const summary = drawer.getByText(
        `${drift.resource.kind}/${drift.resource.namespace}/${drift.resource.name}`,
      );
      await summary.waitFor({ timeout: 30_000 });
      await summary.click();
      // YAML, as Argo CD shows a diff; JSON on the toggle
      const yamlText = await drawer.innerText();
      expect(yamlText).toContain(`replicas: ${drift.live}`);
      expect(yamlText).toContain(`replicas: ${drift.target}`);
      await drawer.getByRole('button', { name: 'JSON' }).click();
      await drawer
        .getByText(/"replicas"/)
        .first()
        .waitFor();
      const text = await drawer.innerText();
      expect(text).toContain(`"replicas": ${drift.live}`);
      expect(text).toContain(`"replicas": ${drift.target}`);
      await session.page.keyboard.press('Escape');
    },
  );

  journey(
    "5. filters the fleet page to Degraded, lists the right applications with the agent's error, and a row opens its drawer",
    async () => {
      const expected = await api('/fleet/applications?health=Degraded');
      expect(expected.status).toBe(200);
      const names = (expected.body.items as Array<{ name: string }>)
        .map(a => a.name)
        .sort();
      // the scenario's degraded applications are among them
      expect(names).toEqual(
        expect.arrayContaining(['ledger-service-prod', 'search-api-qa']),
      );
      await openPortal(session.page, session.portal.baseUrl, '/gitops');
      await session.page.getByLabel('Health', { exact: true }).click();
      await session.page
        .getByRole('option', { name: 'Degraded', exact: true })
        .click();
      await session.page.keyboard.press('Escape');
      expect(
        await eventually(
          async () => session.page.url(),
          url => url.includes('health=Degraded'),
        ),
      ).toContain('health=Degraded');
      const table = session.page.getByText(`Needs attention (${names.length})`);
      await table.waitFor({ timeout: 30_000 });
      const rows = session.page.locator('tbody tr');
      const shown = new Set<string>();
      for (const row of await rows.allInnerTexts()) {
        const name = names.find(n => row.includes(n));
        if (name) shown.add(name);
      }
      expect([...shown].sort()).toEqual(names);
      // the agent's own words say why: the failed sync's error
      const ledger = rows.filter({ hasText: 'ledger-service-prod' });
      await ledger.getByText(/Sync failed: .*failed to apply/).waitFor({
        timeout: 15_000,
      });
      // the filter's menu has closed (its fade-out done) before the picture
      await session.page
        .locator('.MuiPopover-root')
        .waitFor({ state: 'detached' });
      await session.page.screenshot({
        path: path.join(screenshots, 'fleet-page.png'),
        fullPage: true,
      });
      // a row opens the application's drawer, on behalf of its owner
      await ledger.getByText('ledger-service-prod').click();
      const drawer = session.page.getByRole('presentation').filter({
        has: session.page.getByRole('heading', { name: 'ledger-service-prod' }),
      });
      await drawer.waitFor({ timeout: 15_000 });
      await drawer
        .getByText(
          /Last sync failed .*must be less than or equal to memory limit/,
        )
        .waitFor({ timeout: 15_000 });
      await session.page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached', timeout: 15_000 });
    },
  );

  journey(
    '6. an agent stops mid-test: the tab still shows the other agents, with an error banner for it',
    async () => {
      const apps = await applicationsOf('payments-api');
      const down = apps.find(a => a.environment === 'prod')!.agentId;
      const others = apps.filter(a => a.agentId !== down);
      expect(others.length).toBeGreaterThan(0);
      session.portal.sandbox.stopAgent(down);
      try {
        const matrix = await openGitOpsTab(
          session.page,
          session.portal,
          'payments-api',
        );
        await session.page
          .getByText(
            new RegExp(
              `Agent ${down} .*its applications (are missing below|below show their last known state)`,
            ),
          )
          .waitFor({ timeout: 60_000 });
        // the Production column stays, its state unknown while the agent is down
        const headers = await matrix.locator('thead th').allInnerTexts();
        expect(headers.some(h => h.startsWith('Production'))).toBe(true);
        await matrix
          .getByText('unknown: agent unreachable')
          .first()
          .waitFor({ timeout: 60_000 });
        for (const app of others) {
          await matrix
            .getByRole('button', { name: `Open ${app.name}` })
            .waitFor();
        }
      } finally {
        session.portal.sandbox.startAgent(down);
      }
    },
  );

  journey(
    '7. creates a service from the GitOps service template; its applications appear',
    async () => {
      const name = `e2e-${Date.now().toString(36)}`;
      const agents = await fillServiceTemplate(session.page, session.portal, {
        name,
        description: 'Created by the e2e journey',
      });
      expect(
        (await agents.getByRole('option').allInnerTexts()).map(
          o => o.split(/\s/)[0],
        ),
      ).toEqual(expect.arrayContaining(['argocd-nonprod']));
      await agents.getByRole('option', { name: /^argocd-nonprod/ }).click();
      await agents.waitFor({ state: 'detached' });
      await session.page.screenshot({
        path: path.join(screenshots, 'template-form.png'),
        fullPage: true,
      });
      await session.page.getByRole('button', { name: 'Next' }).click();
      // no GitHub here: the repository is not published, the ApplicationSet is
      await session.page.getByRole('textbox', { name: /^Owner/ }).fill('acme');
      await session.page
        .getByRole('textbox', { name: /^Repository/ })
        .fill(name);
      await session.page
        .getByRole('checkbox', { name: 'Publish the repository' })
        .uncheck();
      await session.page.getByRole('button', { name: 'Review' }).click();
      await session.page.getByRole('button', { name: 'Create' }).click();

      // the task page follows the steps
      await session.page
        .getByText(/Create the ApplicationSet/)
        .first()
        .waitFor({ timeout: 60_000 });
      const created = await eventually(
        async () => {
          const { body } = await api(
            `/fleet/applications?agent=argocd-nonprod`,
          );
          return ((body?.items ?? []) as Array<{ name: string }>)
            .map(a => a.name)
            .filter(n => n.startsWith(`${name}-`))
            .sort();
        },
        names => names.length === 2,
        60_000,
      );
      expect(created).toEqual([`${name}-dev`, `${name}-qa`]);
      // the agent created them from the ApplicationSet the template rendered
      const sets = await api('/agents/argocd-nonprod/applicationsets');
      expect(
        (sets.body.items as Array<{ name: string; applications: string[] }>)
          .find(set => set.name === name)
          ?.applications.sort(),
      ).toEqual([`${name}-dev`, `${name}-qa`]);
      // the task page follows the run to its end: the task log says so. The
      // page opens its log by itself when the run ends, or on "Show logs";
      // it re-renders on every event, so the button may go between a look
      // and a click: look again until the log shows the last step
      // The log viewer renders only the lines in its view, so a line further
      // down is looked for through its search box.
      const showLogs = session.page.getByRole('button', { name: /show logs/i });
      const search = session.page.getByPlaceholder('Search');
      const logLine = async (text: string) => {
        const line = session.page.getByText(text);
        return eventually(
          async () => {
            if (await search.isVisible()) await search.fill(text);
            else {
              await showLogs
                .dispatchEvent('click', undefined, { timeout: 1_000 })
                .catch(() => {});
            }
            return line.first().isVisible();
          },
          shown => shown,
          60_000,
        );
      };
      expect(await logLine('Finished step Create the ApplicationSet')).toBe(
        true,
      );
      expect(await logLine('Skipping step publish because')).toBe(true);
      await search.fill('');
      await session.page.screenshot({
        path: path.join(screenshots, 'template-task.png'),
      });
    },
  );
  journey(
    '8. terminates a running sync and restarts a Deployment, on an Argo CD and a Harness application',
    async () => {
      for (const [component, environment] of [
        ['payments-api', 'prod'],
        ['payments-gateway', 'dev'],
      ]) {
        const app = (await applicationsOf(component)).find(
          a => a.environment === environment,
        )!;
        const base = `/entity/default/component/${component}/applications/${app.agentId}/${app.name}`;
        // a sync held Running on the agent until someone terminates it
        session.portal.sandbox.holdOperations(app.agentId, app.name, {
          sync: true,
        });
        try {
          const matrix = await openGitOpsTab(
            session.page,
            session.portal,
            component,
          );
          await matrix
            .getByRole('button', { name: `Open ${app.name}` })
            .click();
          const drawer = applicationDrawer(session.page);
          const terminate = drawer.getByRole('button', {
            name: 'Terminate',
            exact: true,
          });
          await terminate.waitFor({ timeout: 30_000 });
          await terminate.click();
          await session.page
            .getByRole('dialog', {
              name: `Terminate the operation of ${app.name}?`,
            })
            .getByRole('button', { name: 'Terminate' })
            .click();
          await drawer
            .getByText(
              `Termination of the running operation of ${app.name} requested.`,
            )
            .waitFor({ timeout: 30_000 });
          const ended = await eventually(
            async () => (await api(base)).body.application.operation,
            op => op?.phase === 'Failed',
          );
          expect(ended).toMatchObject({
            phase: 'Failed',
            message: 'Operation terminated',
          });
          // nothing runs now: the button says so
          await drawer
            .getByRole('button', {
              name: 'Terminate (No operation is running.)',
            })
            .waitFor({ timeout: 30_000 });

          // restart the Deployment from the resource tree
          const replicaSet = async () =>
            (
              (await api(`${base}/resource-tree`)).body.nodes as Array<{
                kind: string;
                name: string;
              }>
            ).find(n => n.kind === 'ReplicaSet')?.name;
          const before = await replicaSet();
          const deployment = (
            (await api(`${base}/resource-tree`)).body.nodes as Array<{
              kind: string;
              name: string;
            }>
          ).find(n => n.kind === 'Deployment')!;
          await drawer.getByRole('tab', { name: 'Resources' }).click();
          await drawer
            .getByRole('button', {
              name: `Actions for Deployment/${deployment.name}`,
            })
            .click();
          await session.page.getByRole('menuitem', { name: 'restart' }).click();
          await session.page
            .getByRole('dialog', {
              name: `Run restart on Deployment/${deployment.name}?`,
            })
            .getByRole('button', { name: 'Run restart' })
            .click();
          await drawer
            .getByText(`Ran restart on Deployment/${deployment.name}.`)
            .waitFor({ timeout: 30_000 });
          // a new ReplicaSet rolls out, and the tree shows it
          const after = await replicaSet();
          expect(after).toBeDefined();
          expect(after).not.toBe(before);
          await drawer
            .getByText(`ReplicaSet/${after}`)
            .waitFor({ timeout: 30_000 });
          if (component === 'payments-gateway') {
            await session.page.screenshot({
              path: path.join(screenshots, 'resource-actions.png'),
            });
          }
          const { body } = await api(
            `/audit?entityRef=component:default/${component}`,
          );
          const rows = (body.items ?? []) as Array<Record<string, unknown>>;
          for (const action of ['terminate', 'resource.action']) {
            expect(
              rows.some(
                r =>
                  r.action === action &&
                  r.outcome === 'succeeded' &&
                  r.application === app.name,
              ),
            ).toBe(true);
          }
          await session.page.keyboard.press('Escape');
        } finally {
          session.portal.sandbox.holdOperations(app.agentId, app.name, {
            hold: false,
          });
        }
      }
    },
  );
  journey(
    '9. the Harness agent no config lists is found through its Harness account: GET /agents lists it, and the fleet its applications',
    async () => {
      // examples/fleet.yaml: harness-us, found through the account npm start
      // configures (gitops.harness.accounts), beside the listed harness-eu
      const found = 'harness.default.payments_platform.usagent';
      const agents = await api('/agents');
      expect(agents.status).toBe(200);
      const byId = new Map(
        (agents.body.items as Array<{ id: string }>).map(a => [a.id, a]),
      );
      expect([...byId.keys()]).toEqual(
        expect.arrayContaining(['harness-eu', found]),
      );
      expect(byId.get(found)).toMatchObject({
        kind: 'harness',
        title: 'us-agent',
        region: 'us-east-1',
        status: { state: 'connected' },
      });
      const apps = await eventually(
        async () => {
          const { body } = await api(`/fleet/applications?agent=${found}`);
          return ((body?.items ?? []) as Array<{ name: string }>)
            .map(a => a.name)
            .sort();
        },
        names => names.length === 3,
        30_000,
      );
      expect(apps).toEqual(['fx-rates-dev', 'fx-rates-prod', 'fx-rates-qa']);
      expect(JSON.stringify(agents.body)).not.toContain(
        session.portal.sandbox.agent('harness-us').token,
      );
    },
  );
});
