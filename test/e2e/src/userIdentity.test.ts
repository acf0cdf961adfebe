import { BrowserContext, Page } from 'playwright-core';
import { waitForProgress } from './support/browser';
import { openApplicationDrawer } from './support/entityTab';
import { OWNER_POLICY, usePortalBrowser } from './support/portalPage';
import { agentApplication } from './support/agentApplication';

/*
 * The user's own identity at the agents, on the portal `npm start` runs:
 * users sign in through the sandbox's identity provider (Sandbox SSO), the
 * Argo CD agents hold them to their policy.csv with the ID token the
 * portal forwards, and the Harness agent's access control is asked about
 * them. dana (payments-viewers) may look, ada (payments-admins) may sync.
 */

const ENTITY = '/api/gitops/entity/default/component';
const QA = `${ENTITY}/payments-api/applications/argocd-nonprod/payments-api-qa`;
const GATEWAY = `${ENTITY}/payments-gateway/applications/harness-eu/payments-gateway-dev`;

const session = usePortalBrowser({ config: OWNER_POLICY });

/** Waits until the catalog has the User entity sign-in resolves to. */
async function userInCatalog(username: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const guest = await fetch(
      `${session.portal.baseUrl}/api/auth/guest/refresh?env=development`,
      { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
    ).then(res => res.json());
    const res = await fetch(
      `${session.portal.baseUrl}/api/catalog/entities/by-name/user/default/${username}`,
      { headers: { authorization: `Bearer ${guest.backstageIdentity.token}` } },
    );
    if (res.status === 200) return;
    if (Date.now() > deadline) {
      throw new Error(`the catalog never had user ${username} (${res.status})`);
    }
    await new Promise(r => setTimeout(r, 500));
  }
}

/** A browser of its own, signed in as `username` through Sandbox SSO. */
async function signInWithSso(username: string) {
  await userInCatalog(username);
  const context: BrowserContext = await session.browser.newContext({
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`${session.portal.baseUrl}/catalog`);
  const card = page.locator('li').filter({ hasText: 'Sandbox SSO' });
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: /sign in/i }).click();
  const login = await popup;
  await login.locator('input[name="username"]').fill(username);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.waitForEvent('close');
  await page.getByRole('link', { name: 'Settings' }).waitFor();
  return { context, page };
}

/** The session's Backstage token and ID token, as the app holds them. */
function sessionTokens(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/oidc/refresh?env=development', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    const body = await res.json();
    return {
      backstage: body.backstageIdentity.token as string,
      idToken: body.providerInfo.idToken as string,
    };
  });
}

async function sync(
  path: string,
  tokens: { backstage: string; idToken?: string },
) {
  const res = await fetch(`${session.portal.baseUrl}${path}/sync`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens.backstage}`,
      'content-type': 'application/json',
      ...(tokens.idToken && { 'X-GitOps-User-Token': tokens.idToken }),
    },
    body: '{}',
  });
  return { status: res.status, body: await res.json() };
}

describe('Sandbox SSO: the agents decide as the signed-in user', () => {
  it("refuses dana's sync of payments-api-qa with Argo CD's message, in the drawer and through the API", async () => {
    const { context, page } = await signInWithSso('dana');
    try {
      const drawer = await openApplicationDrawer(
        page,
        session.portal,
        'payments-api',
        'payments-api-qa',
      );
      await waitForProgress(page);
      await drawer
        .getByText(/Argo CD RBAC on argocd-nonprod refuses it/)
        .first()
        .waitFor({ timeout: 30_000 });
      expect(
        await drawer.getByRole('button', { name: /^sync$/i }).isDisabled(),
      ).toBe(true);

      const tokens = await sessionTokens(page);
      const refused = await sync(QA, tokens);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toContain(
        'permission denied: applications, sync, payments/payments-api-qa, sub: dana',
      );
      // without the ID token: a 401 asking to sign in again, never the shared token
      const unsigned = await sync(QA, { backstage: tokens.backstage });
      expect(unsigned.status).toBe(401);
      expect(unsigned.body.error.message).toContain('sign in again');
      // Harness's access control refuses her too
      const harness = await sync(GATEWAY, tokens);
      expect(harness.status).toBe(403);
      expect(harness.body.error.message).toBe(
        'Harness access control on harness-eu refuses it: dana@acme.example lacks gitops_gitopsapp_sync on payments-gateway-dev',
      );
    } finally {
      await context.close();
    }
  });

  it('runs ada’s sync as ada: the agent records her, as the portal does', async () => {
    const { context, page } = await signInWithSso('ada');
    try {
      const tokens = await sessionTokens(page);
      const ran = await sync(QA, tokens);
      expect(ran.status).toBe(200);
      const app = await agentApplication(
        session.portal,
        'argocd-nonprod',
        'payments-api-qa',
      );
      expect(app.operation?.initiatedBy?.username).toBe('ada');
      const events = await fetch(`${session.portal.baseUrl}${QA}/events`, {
        headers: { authorization: `Bearer ${tokens.backstage}` },
      }).then(res => res.json());
      expect(events.audit[0]).toMatchObject({
        actor: 'user:default/ada',
        action: 'sync',
      });
      expect((await sync(GATEWAY, tokens)).status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
