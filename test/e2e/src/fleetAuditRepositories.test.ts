import { readFile } from 'node:fs/promises';
import { openPortal } from './support/browser';
import { inCatalog } from './support/entityTab';
import { guestToken } from './support/portalCalls';
import { usePortalPage } from './support/portalPage';

/*
 * The fleet page's Audit and Repositories views (issue 40, items 4 and 6),
 * over the sandbox agents of examples/fleet.yaml: a sync made through the
 * portal's API is listed with its user and outcome, and is in the CSV the
 * view downloads; a repository of the example fleet shows its connection
 * state and the applications deploying from it.
 */

const session = usePortalPage({ viewport: { width: 1440, height: 1000 } });
const { journey } = session;

async function api(route: string, init: RequestInit = {}) {
  const res = await fetch(`${session.portal.baseUrl}/api/gitops${route}`, {
    ...init,
    headers: {
      authorization: `Bearer ${await guestToken(session.portal.baseUrl)}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('the fleet audit and repositories', () => {
  journey(
    'lists a sync made through the portal with its user and outcome, and downloads it as CSV',
    async () => {
      await inCatalog(session.portal, 'payments-api');
      const entity = '/entity/default/component/payments-api/applications';
      const apps = await api(entity);
      expect(apps.status).toBe(200);
      const app = apps.body.environments
        .flatMap(
          (env: { applications: Array<{ agentId: string; name: string }> }) =>
            env.applications,
        )
        .find((a: { name: string }) => a.name.endsWith('-dev'));
      const sync = await api(`${entity}/${app.agentId}/${app.name}/sync`, {
        method: 'POST',
        body: JSON.stringify({ dryRun: true }),
      });
      expect(sync.status).toBe(200);
      const row = (await api(`/audit?agent=${app.agentId}`)).body.items.find(
        (item: { id: string }) => item.id === sync.body.auditId,
      );
      expect(row).toMatchObject({ outcome: 'succeeded', origin: 'portal' });

      const { page } = session;
      await openPortal(
        page,
        session.portal.baseUrl,
        `/gitops?view=audit&auditAgent=${app.agentId}`,
      );
      const panel = page.getByRole('tabpanel', { name: 'Audit' });
      const operations = panel.getByRole('table', { name: 'Operations' });
      const listed = operations
        .getByRole('row')
        .filter({ hasText: row.actor })
        .filter({ hasText: app.name })
        .filter({ hasText: 'sync (dry run)' })
        .first();
      await listed.waitFor({ timeout: 30_000 });
      expect(await listed.textContent()).toContain('succeeded');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Download CSV' }).first().click(),
      ]);
      expect(download.suggestedFilename()).toBe('gitops-audit.csv');
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.split('\r\n');
      expect(lines[0]).toBe(
        'Started,Finished,Who,Source,What,Agent,Application,Environment,Entity,Outcome,Reason',
      );
      expect(lines).toContainEqual(
        expect.stringContaining(
          `${row.startedAt},${row.finishedAt ?? ''},${
            row.actor
          },portal,sync (dry run),${app.agentId},`,
        ),
      );
    },
  );

  journey(
    'lists a repository of the example fleet with its state and the applications deploying from it',
    async () => {
      const repositories = await api('/repositories');
      expect(repositories.status).toBe(200);
      const repo = repositories.body.items.find((r: { repo: string }) =>
        /payments-api-deploy/.test(r.repo),
      );
      expect(repo).toBeDefined();
      expect(JSON.stringify(repositories.body)).not.toMatch(
        /password|sshPrivateKey|tlsClientCertKey/,
      );

      const { page } = session;
      await openPortal(page, session.portal.baseUrl, '/gitops');
      await page.getByRole('tab', { name: 'Repositories' }).click();
      expect(page.url()).toContain('view=repositories');
      const table = page
        .getByRole('tabpanel', { name: 'Repositories' })
        .getByRole('table', { name: 'Repositories' });
      const row = table
        .getByRole('row')
        .filter({ hasText: repo.repo })
        .filter({ hasText: repo.agentId })
        .first();
      await row.waitFor({ timeout: 30_000 });
      const text = (await row.textContent()) ?? '';
      expect(text).toContain(repo.connectionState?.status ?? 'not reported');
      expect(text).toMatch(/payments-api-\w+/);
    },
  );
});
