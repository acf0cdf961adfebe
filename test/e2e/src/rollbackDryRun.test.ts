import { agentApplication } from './support/agentApplication';
import { controlAgent, openApplicationDrawer } from './support/entityTab';
import { eventually, guestToken } from './support/portalCalls';
import { usePortalPage } from './support/portalPage';

/*
 * Argo CD's rollback, previewed and dry-run (issue 39, item 6: a dry-run
 * rollback said "successfully synced" and moved Last sync; the dialog
 * showed only number, commit, date and user). payments-api-prod syncs by
 * hand (examples/fleet.yaml), so Argo CD's rollback is offered. Its last
 * two deployments pin different images (as `argocd app set
 * --kustomize-image` and a sync leave them); from the drawer, the rollback
 * dialog names the earlier one's commit message and image version and
 * previews the image change; a dry run of it says nothing was applied, and
 * the application the agent holds keeps its history, revision and images,
 * and the portal its Last sync.
 */

const AGENT = 'argocd-prod';
const APP = 'payments-api-prod';
const IMAGE = 'ghcr.io/acme/payments-api';

const session = usePortalPage({ viewport: { width: 1280, height: 900 } });
const { journey } = session;

/** Calls the agent's own Argo CD API with its token; answers the body. */
async function agentApi(route: string, method = 'GET', body?: object) {
  const agent = session.portal.sandbox.agent(AGENT);
  const res = await fetch(`${agent.url}/api/v1/applications/${APP}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${agent.token}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect({ route, method, status: res.status }).toEqual({
    route,
    method,
    status: 200,
  });
  return res.json();
}

/**
 * Pins the overlay's image to `tag` on the application and syncs it, as
 * `argocd app set --kustomize-image` and `argocd app sync` do; answers the
 * application once the agent recorded the deployment in its history.
 */
async function deployImage(tag: string) {
  const image = `${IMAGE}:${tag}`;
  await agentApi('', 'PATCH', {
    patchType: 'merge',
    patch: JSON.stringify({
      spec: { source: { kustomize: { images: [image] } } },
    }),
  });
  await agentApi('/sync', 'POST', {});
  const app = await eventually(
    () => agentApplication(session.portal, AGENT, APP),
    a =>
      a.status?.operationState?.phase === 'Succeeded' &&
      a.status.history?.at(-1)?.source?.kustomize?.images?.[0] === image,
    60_000,
  );
  expect(app.status.history.at(-1).source.kustomize.images).toEqual([image]);
  return app;
}

/** The application as the portal answers it to the guest. */
async function portalApplication() {
  const { baseUrl } = session.portal;
  const res = await fetch(
    `${baseUrl}/api/gitops/entity/default/component/payments-api/applications/${AGENT}/${APP}`,
    { headers: { authorization: `Bearer ${await guestToken(baseUrl)}` } },
  );
  expect(res.status).toBe(200);
  return (await res.json()).application;
}

describe("Argo CD's rollback, previewed and dry-run", () => {
  journey(
    'previews the rollback of payments-api-prod (commit message, image version, the image change), and a dry run applies nothing and moves neither history nor Last sync',
    async () => {
      const { page, portal } = session;
      // the weekend freeze of examples/fleet.yaml depends on the day: none
      await controlAgent(portal, AGENT, '/sync-windows', {
        project: 'payments',
        windows: [],
      });
      const manual = await agentApplication(portal, AGENT, APP);
      expect(manual.spec.syncPolicy.automated).toBeUndefined();
      const earlier = (await deployImage('2.4.4')).status.history.at(-1);
      const before = await deployImage('2.4.5');
      const current = before.status.history.at(-1);
      const message: string = (
        await agentApi(`/revisions/${earlier.revision}/metadata`)
      ).message.split('\n')[0];
      const lastSync = current.deployedAt;
      // the portal has seen the deployment
      const seen = await eventually(
        portalApplication,
        a => a.lastSyncedAt === lastSync,
      );
      expect(seen.lastSyncedAt).toBe(lastSync);

      const drawer = await openApplicationDrawer(
        page,
        portal,
        'payments-api',
        APP,
      );
      await drawer
        .getByRole('button', { name: 'Rollback', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: `Roll back ${APP}` });
      // the earlier deployment, named by its release, is the one chosen
      const entry = dialog.getByRole('radio', {
        name: new RegExp(
          `^#${earlier.id} · ${earlier.revision.slice(0, 7)} · 2\\.4\\.4 · `,
        ),
      });
      await entry.waitFor({ timeout: 30_000 });
      expect(await entry.isChecked()).toBe(true);
      expect(
        await dialog
          .getByRole('radio', { name: /^Argo CD rollback/ })
          .isChecked(),
      ).toBe(true);
      // its commit, and what changes from what runs now
      const preview = dialog.getByRole('region', {
        name: `What rolling back to #${earlier.id} changes`,
      });
      await preview
        .getByText(message, { exact: true })
        .waitFor({ timeout: 30_000 });
      expect(await preview.getByRole('listitem').allTextContents()).toEqual([
        `image ${IMAGE}: 2.4.5 → 2.4.4`,
      ]);

      await dialog.getByRole('checkbox', { name: 'Dry run' }).check();
      await dialog.getByRole('button', { name: 'Roll back' }).click();
      await dialog.waitFor({ state: 'detached' });
      const result = drawer
        .getByRole('status')
        .filter({ hasText: /^Rollback \(dry run\) succeeded/ });
      await result.waitFor({ timeout: 60_000 });
      expect(await result.textContent()).toBe(
        'Rollback (dry run) succeeded: nothing was applied to the cluster',
      );
      expect(await drawer.getByText(/successfully synced/).count()).toBe(0);

      // the agent ran it as a dry run: history, revision and images stay
      const after = await agentApplication(portal, AGENT, APP);
      expect(after.status.operationState.phase).toBe('Succeeded');
      expect(after.status.operationState.operation.sync.dryRun).toBe(true);
      expect(after.status.history).toEqual(before.status.history);
      expect(after.status.sync.revision).toBe(before.status.sync.revision);
      expect(after.status.summary.images).toEqual([`${IMAGE}:2.4.5`]);
      // and the portal's Last sync is still the last deployment
      const answered = await eventually(
        portalApplication,
        a => a.operation?.dryRun === true && a.operation.phase === 'Succeeded',
      );
      expect(answered.operation.dryRun).toBe(true);
      expect(answered.lastSyncedAt).toBe(lastSync);
    },
  );
});
