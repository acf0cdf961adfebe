import fs from 'node:fs';
import path from 'node:path';
import { Page } from 'playwright-core';
import { applicationDrawer, openGitOpsTab } from './support/entityTab';
import { OWNER_POLICY, usePortalPage } from './support/portalPage';
import { Portal, repoRoot } from './support/startPortal';

/*
 * Changes pushed to open pages (Backstage signals): a change made on a
 * sandbox agent shows on the open entity tab, and in the open application
 * drawer, with no reload; the page learns of it through the signals
 * websocket, not by polling (the tab polls only where signals are not
 * installed).
 */

const session = usePortalPage({
  portal: { config: OWNER_POLICY },
  viewport: { width: 1440, height: 1000 },
});
let portal: Portal;
let page: Page;
/** Every signal the page received, as the websocket carried it. */
const frames: string[] = [];
/** The channels the page's open signals connection is subscribed to. */
const subscribed = new Set<string>();

/** Waits until the page listens on a channel (its connection is up). */
async function listening(channel: string) {
  for (let i = 0; !subscribed.has(channel); i++) {
    if (i > 600) throw new Error(`the page never subscribed to ${channel}`);
    await new Promise(r => setTimeout(r, 100));
  }
}

// the page records its signals from the start
beforeAll(() => {
  ({ portal, page } = session);
  page.on('websocket', socket => {
    frames.push(`open ${socket.url()}`);
    socket.on('framesent', frame => {
      const sent = JSON.parse(String(frame.payload));
      if (sent.action === 'subscribe') subscribed.add(sent.channel);
      if (sent.action === 'unsubscribe') subscribed.delete(sent.channel);
    });
    socket.on('close', () => subscribed.clear());
    socket.on('framereceived', frame => frames.push(String(frame.payload)));
    socket.on('socketerror', error => frames.push(`error ${error}`));
    socket.on('close', () => frames.push(`closed ${socket.url()}`));
  });
  page.on('console', message => {
    if (message.type() === 'error') frames.push(`console ${message.text()}`);
  });
});

async function api(route: string, init: RequestInit = {}) {
  const refresh = await fetch(
    `${portal.baseUrl}/api/auth/guest/refresh?env=development`,
    { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
  ).then(r => r.json());
  const res = await fetch(`${portal.baseUrl}/api/gitops${route}`, {
    ...init,
    headers: {
      authorization: `Bearer ${refresh.backstageIdentity.token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Leaves the page's screen in test-results/ when a step fails. */
async function screenOnFailure(name: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (error) {
    fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
    await page
      ?.screenshot({ path: path.join(repoRoot, 'test-results', `${name}.png`) })
      .catch(() => {});
    fs.writeFileSync(
      path.join(repoRoot, 'test-results', `${name}.log`),
      `signals received:\n${frames.join('\n')}\n\nbackend log:\n${portal
        ?.backendLog()
        .split('\n')
        .filter(line => !line.includes('/static/'))
        .join('\n')}`,
    );
    throw error;
  }
}

/** The applications in the prod environment of an entity's applications answer. */
function prodApplications(body: {
  environments: Array<{
    name: string;
    applications: Array<{
      name: string;
      agentId: string;
      sync: { status: string };
    }>;
  }>;
}) {
  return body.environments.find(env => env.name === 'prod')!.applications;
}

/** An entity's applications once the catalog has ingested it (404 before). */
async function entityApplications(name: string) {
  const route = `/entity/default/component/${name}/applications`;
  let answer = await api(route);
  for (let i = 0; answer.status === 404 && i < 240; i++) {
    await new Promise(r => setTimeout(r, 500));
    answer = await api(route);
  }
  return answer;
}

/**
 * Opens an entity's GitOps tab on a synced application, marks the page (a
 * reload would lose the mark), then drifts the application on its agent
 * and waits for the open tab to show it; logs how long that took (measured,
 * never asserted: bench/ reports it). Answers the application's matrix entry.
 */
async function driftOnOpenTab(
  name: string,
  target: { name: string; agentId: string },
  agentKind: string,
) {
  const matrix = await openGitOpsTab(page, portal, name);
  const entry = matrix.getByRole('button', { name: `Open ${target.name}` });
  await entry.getByText('Synced', { exact: true }).waitFor();
  await markPage();

  await listening(`gitops:entity:component:default/${name}`);
  const drifted = Date.now();
  portal.sandbox.drift(target.agentId, target.name, 'replicas');
  await entry
    .getByText('OutOfSync', { exact: true })
    .waitFor({ timeout: 60_000 });
  // eslint-disable-next-line no-console
  console.log(
    `live: ${agentKind} change to the open page in ${Date.now() - drifted} ms`,
  );
  return entry;
}

/**
 * Marks the open page: a reload would lose the mark, so `pageMark()`
 * answering 'kept' later shows the page was updated in place.
 */
async function markPage() {
  await page.evaluate(() => {
    (window as unknown as { gitopsMark: string }).gitopsMark = 'kept';
  });
}

/** The mark `markPage` left ('kept'), or undefined after a reload. */
function pageMark() {
  return page.evaluate(
    () => (window as unknown as { gitopsMark?: string }).gitopsMark,
  );
}

/**
 * Holds a RollingSync set's first step on its agent, pushes a commit to the
 * set's repository: the open entity tab marks the second step's
 * application as waiting, and the drawer's ApplicationSet tab shows the
 * rollout step by step; released, the rollout moves on and the open tab
 * follows it to the end, without reload.
 */
async function rolloutOnOpenTab(
  name: string,
  rollout: {
    agentId: string;
    repo: string;
    first: string;
    second: string;
    steps: number;
  },
) {
  const answer = await entityApplications(name);
  expect(answer.status).toBe(200);
  const matrix = await openGitOpsTab(page, portal, name);
  const waiting = matrix
    .getByRole('button', { name: `Open ${rollout.second}` })
    .getByText(`step 2/${rollout.steps} · Waiting`);
  await markPage();
  await listening(`gitops:entity:component:default/${name}`);

  portal.sandbox.holdOperations(rollout.agentId, rollout.first);
  portal.sandbox.commit({
    repo: rollout.repo,
    agent: rollout.agentId,
    refresh: true,
  });
  await waiting.waitFor({ timeout: 90_000 });

  await matrix.getByRole('button', { name: `Open ${rollout.second}` }).click();
  await applicationDrawer(page)
    .getByRole('tab', { name: 'ApplicationSet' })
    .click();
  const step = (n: number) =>
    applicationDrawer(page).getByRole('region', { name: `Step ${n}` });
  const stateOf = (n: number, app: string) =>
    step(n).getByRole('listitem').filter({ hasText: app });
  await stateOf(1, rollout.first)
    .getByText('Progressing', { exact: true })
    .waitFor({ timeout: 60_000 });
  await stateOf(2, rollout.second)
    .getByText('Waiting', { exact: true })
    .waitFor();

  portal.sandbox.holdOperations(rollout.agentId, rollout.first, {
    hold: false,
  });
  await stateOf(1, rollout.first)
    .getByText('Healthy', { exact: true })
    .waitFor({ timeout: 90_000 });
  await stateOf(2, rollout.second)
    .getByText('Healthy', { exact: true })
    .waitFor({ timeout: 90_000 });
  await page.keyboard.press('Escape');
  await waiting.waitFor({ state: 'detached', timeout: 60_000 });
  // the page's mark: what a reload would have lost
  return pageMark();
}

describe('changes pushed to open pages', () => {
  it('shows a change made on the agent on the open entity tab and in the open drawer, without reload', () =>
    screenOnFailure('live-updates', async () => {
      const entityRef = 'component:default/payments-worker';
      // the catalog ingests the example entities after the backend starts
      const { status, body } = await entityApplications('payments-worker');
      expect({ status, body }).toEqual({
        status: 200,
        body: expect.anything(),
      });
      const target = prodApplications(body)[0];
      expect(target.sync.status).toBe('Synced');

      // the agent's application drifts: the open tab shows it
      const entry = await driftOnOpenTab('payments-worker', target, 'Argo CD');
      expect(frames.join('\n')).toContain(`gitops:entity:${entityRef}`);

      // the drawer is open while the application is synced from elsewhere
      await entry.click();
      const drawer = applicationDrawer(page);
      // the header's sync chip comes first (resource rows have their own)
      const headerSync = drawer
        .locator('[title^="Synced"], [title^="OutOfSync"]')
        .first();
      await drawer.locator('[title^="OutOfSync"]').first().waitFor();
      expect(await headerSync.getAttribute('title')).toMatch(/^OutOfSync/);
      await listening(`gitops:application:${target.agentId}/${target.name}`);
      const sync = await api(
        `/entity/default/component/payments-worker/applications/${target.agentId}/${target.name}/sync`,
        { method: 'POST', body: JSON.stringify({}) },
      );
      expect(sync.status).toBe(200);
      await page.waitForFunction(
        () => {
          const chip = document.querySelector(
            '[role="presentation"] [title^="Synced"], [role="presentation"] [title^="OutOfSync"]',
          );
          return chip?.getAttribute('title')?.startsWith('Synced');
        },
        undefined,
        { timeout: 60_000 },
      );
      expect(frames.join('\n')).toContain(
        `gitops:application:${target.agentId}/${target.name}`,
      );
      await page.keyboard.press('Escape');
      await entry
        .getByText('Synced', { exact: true })
        .waitFor({ timeout: 60_000 });

      expect(await pageMark()).toBe('kept');
    }));

  it('shows a change made on a Harness agent on the open entity tab, through its watch stream, without reload', () =>
    screenOnFailure('live-updates-harness', async () => {
      const entityRef = 'component:default/risk-scoring';
      const answer = await entityApplications('risk-scoring');
      expect(answer.status).toBe(200);
      // prod syncs by hand: nothing syncs the drift back
      const target = prodApplications(answer.body).find(
        app => app.agentId === 'harness-eu',
      )!;
      expect(target.sync.status).toBe('Synced');
      const fleet = await api('/fleet/summary');
      expect(fleet.body.freshness).toContainEqual(
        expect.objectContaining({ agentId: 'harness-eu', feed: 'watch' }),
      );

      await driftOnOpenTab('risk-scoring', target, 'Harness');
      expect(frames.join('\n')).toContain(`gitops:entity:${entityRef}`);
      expect(await pageMark()).toBe('kept');
    }));

  it.each([
    {
      agent: 'an Argo CD',
      screen: 'rollout-argocd',
      set: 'promo-banner',
      rollout: {
        agentId: 'argocd-nonprod',
        repo: 'https://github.com/acme/storefront-deploy.git',
        first: 'promo-banner-dev-eu',
        second: 'promo-banner-qa-eu',
        steps: 2,
      },
    },
    {
      agent: 'a Harness',
      screen: 'rollout-harness',
      set: 'fraud-rules',
      rollout: {
        agentId: 'harness-eu',
        repo: 'https://github.com/acme/storefront-deploy.git',
        first: 'fraud-rules-dev-a',
        second: 'fraud-rules-qa-a',
        steps: 3,
      },
    },
  ])(
    'follows a RollingSync ApplicationSet on $agent agent step by step, live',
    ({ screen, set, rollout }) =>
      screenOnFailure(screen, async () => {
        const mark = await rolloutOnOpenTab(set, rollout);
        expect(mark).toBe('kept');
      }),
  );
});
