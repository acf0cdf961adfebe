import { Page } from 'playwright-core';
import { openPortal } from './browser';
import { Portal } from './startPortal';

/** Calls a sandbox agent's control API (`/_sandbox/...`); answers its body. */
export async function controlAgent(
  portal: Portal,
  agentId: string,
  route: string,
  body: object,
) {
  const agent = portal.sandbox.agent(agentId);
  const res = await fetch(`${agent.url}/_sandbox${route}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${agent.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) {
    throw new Error(`${route} on ${agentId} answered ${res.status}`);
  }
  return res.json();
}

/** Waits until the catalog has ingested a component (after the backend starts). */
export async function inCatalog(portal: Portal, component: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const refresh = await fetch(
      `${portal.baseUrl}/api/auth/guest/refresh?env=development`,
      { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
    );
    const token = (await refresh.json()).backstageIdentity.token;
    const res = await fetch(
      `${portal.baseUrl}/api/catalog/entities/by-name/component/default/${component}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (res.status === 200) return;
    if (Date.now() > deadline) {
      throw new Error(`the catalog never had ${component} (${res.status})`);
    }
    await new Promise(r => setTimeout(r, 500));
  }
}

/**
 * Opens a component's GitOps tab, then the drawer of its application (a
 * matrix cell's button); answers the drawer.
 */
export async function openApplicationDrawer(
  page: Page,
  portal: Portal,
  component: string,
  application: string,
) {
  await inCatalog(portal, component);
  const matrix = await openGitOpsTab(page, portal, component, 120_000);
  await matrix.getByRole('button', { name: `Open ${application}` }).click();
  return applicationDrawer(page);
}

/**
 * Opens a component's GitOps tab; answers its environment matrix once it
 * shows (within `timeout` ms).
 */
export async function openGitOpsTab(
  page: Page,
  portal: Portal,
  component: string,
  timeout = 60_000,
) {
  await openPortal(
    page,
    portal.baseUrl,
    `/catalog/default/component/${component}/gitops`,
  );
  const matrix = page.getByRole('table', { name: 'Environment matrix' });
  await matrix.waitFor({ timeout });
  return matrix;
}

/** The open application drawer (MUI class names carry suffixes in a build). */
export function applicationDrawer(page: Page) {
  return page.locator('[role="presentation"]').filter({
    has: page.getByRole('tablist', { name: 'Application details' }),
  });
}
