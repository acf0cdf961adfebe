import path from 'node:path';
import { Page } from 'playwright-core';
import { openPortal, waitForProgress } from './support/browser';
import {
  bodyFont,
  headersBrokenInsideWords,
  pageWidth,
  seriousAxeViolations,
  tablesScrollingInTheirCard,
} from './support/pageChecks';
import { eventually, guestToken } from './support/portalCalls';
import { OWNER_POLICY, usePortalBrowser } from './support/portalPage';
import { repoRoot } from './support/startPortal';

/*
 * Every page of the portal fits its window (no sideways scrolling, also
 * with a drawer or a select open) at 1280 and 1500 px, with the suite's
 * tables showing their key columns (none scrolls inside its card), renders
 * with Backstage UI's stylesheet, and has no serious accessibility
 * violation (axe-core) on the entity tab, the drawer, the fleet page and
 * the template form.
 */

const session = usePortalBrowser({ config: OWNER_POLICY });

const ENTITY_TAB = '/catalog/default/component/payments-api/gitops';

/** The pages of the portal a user walks through, and how to reach a state. */
const PAGES: Array<{
  name: string;
  route: string;
  ready?: (p: Page) => Promise<void>;
  /** Backstage's own page (catalog, templates): its tables are not ours. */
  backstage?: boolean;
}> = [
  { name: 'catalog', route: '/catalog', backstage: true },
  {
    name: 'entity overview',
    route: '/catalog/default/component/payments-api',
    backstage: true,
  },
  {
    name: 'entity GitOps tab',
    route: ENTITY_TAB,
    ready: p =>
      p
        .getByRole('table', { name: 'Environment matrix' })
        .waitFor({ timeout: 60_000 }),
  },
  {
    name: 'application drawer',
    route: ENTITY_TAB,
    ready: async p => {
      await p
        .getByRole('table', { name: 'Environment matrix' })
        .waitFor({ timeout: 60_000 });
      await p
        .getByRole('button', { name: /^Open payments-api-/ })
        .first()
        .click();
      await p.getByRole('tablist', { name: 'Application details' }).waitFor();
    },
  },
  {
    name: 'fleet page',
    route: '/gitops',
    ready: p => p.getByText(/^Needs attention \(/).waitFor({ timeout: 60_000 }),
  },
  {
    name: 'fleet page with a select open',
    route: '/gitops',
    ready: async p => {
      await p.getByText(/^Needs attention \(/).waitFor({ timeout: 60_000 });
      await p.getByLabel('Health', { exact: true }).click();
      await p.getByRole('listbox').waitFor();
    },
  },
  {
    // the fleet page's delivery metrics: headers beside narrow columns
    name: 'fleet delivery metrics',
    route: '/gitops',
    ready: p =>
      p.getByText('Delivery metrics by service').waitFor({ timeout: 60_000 }),
  },
  {
    name: 'environment Deployments tab',
    route: '/catalog/default/resource/prod/gitops',
    ready: p =>
      p
        .getByText(/^Applications deployed in environment prod/)
        .waitFor({ timeout: 60_000 }),
  },
  { name: 'templates', route: '/create', backstage: true },
  {
    name: 'template form',
    route: '/create/templates/default/gitops-service',
    ready: p =>
      p.getByRole('textbox', { name: /^Name/ }).waitFor({ timeout: 60_000 }),
  },
];

async function open(page: Page, route: string) {
  await openPortal(page, session.portal.baseUrl, route);
  // the sign-in redirect may land elsewhere; go where the test meant to
  if (!page.url().endsWith(route))
    await page.goto(`${session.portal.baseUrl}${route}`);
  await waitForProgress(page);
}

describe.each([1280, 1500])('at %i px', width => {
  let page: Page;
  beforeAll(async () => {
    page = await session.browser.newPage({ viewport: { width, height: 900 } });
  });
  afterAll(() => page?.close());

  it.each(PAGES.map(p => [p.name, p] as const))(
    'the %s is no wider than the window',
    async (_name, { route, ready }) => {
      await open(page, route);
      await ready?.(page);
      const { scrollWidth, innerWidth } = await pageWidth(page);
      expect(innerWidth).toBe(width);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    },
  );

  // key columns stay in view: none of the suite's tables scrolls inside
  // its card (Backstage's own pages and tables are not the suite's)
  it.each(PAGES.filter(p => !p.backstage).map(p => [p.name, p] as const))(
    'the %s shows its tables whole',
    async (_name, { route, ready }) => {
      await open(page, route);
      await ready?.(page);
      expect(await tablesScrollingInTheirCard(page)).toEqual([]);
    },
  );

  // headers wrap at words, never letter by letter (Backstage's theme lets
  // any table cell break inside a word)
  it.each(PAGES.filter(p => !p.backstage).map(p => [p.name, p] as const))(
    'the %s wraps its table headers at words',
    async (_name, { route, ready }) => {
      await open(page, route);
      await ready?.(page);
      expect(await headersBrokenInsideWords(page)).toEqual([]);
    },
  );

  // the catalog's Resource list: names (agents, clusters, environments)
  // keep their words whole beside the other columns
  it("keeps the catalog's resource names whole", async () => {
    await open(page, '/catalog?filters%5Bkind%5D=resource');
    await page
      .getByRole('link', { name: /argocd-nonprod/ })
      .first()
      .waitFor({ timeout: 60_000 });
    expect(
      await headersBrokenInsideWords(page, 'tbody td:first-child'),
    ).toEqual([]);
  });

  it("renders body text with Backstage UI's sans-serif font, not the browser's serif", async () => {
    await open(page, '/catalog');
    expect(await bodyFont(page)).not.toMatch(/^(serif|"?Times)/i);
  });
});

/** The components the catalog relates to an environment (what runs there). */
async function componentsIn(environment: string): Promise<string[]> {
  const relations = await eventually(
    async () => {
      const res = await fetch(
        `${session.portal.baseUrl}/api/catalog/entities/by-name/resource/default/${environment}`,
        {
          headers: {
            authorization: `Bearer ${await guestToken(session.portal.baseUrl)}`,
          },
        },
      );
      const entity = await res.json();
      return (
        (entity.relations ?? []) as Array<{
          type: string;
          targetRef: string;
        }>
      ).filter(
        r => r.type === 'dependencyOf' && r.targetRef.startsWith('component:'),
      );
    },
    found => found.length > 0,
    120_000,
  );
  return relations.map(r => r.targetRef.split('/').pop()!).sort();
}

describe('the environment page at 1280 px', () => {
  let page: Page;
  beforeAll(async () => {
    page = await session.browser.newPage({
      viewport: { width: 1280, height: 900 },
    });
  });
  afterAll(() => page?.close());

  it('names every component running there, by system, in a view that fits, with no relations graph', async () => {
    const expected = await componentsIn('prod');
    await open(page, '/catalog/default/resource/prod');
    const list = page.getByRole('list', { name: 'Components by system' });
    await list.waitFor({ timeout: 60_000 });
    const named = await list.getByRole('listitem').allInnerTexts();
    for (const component of expected) {
      expect(named.map(n => n.trim())).toContain(component);
    }
    // Backstage's graph card is left out on environments (app-config.yaml)
    await expect(
      page.getByText('Relations', { exact: true }).count(),
    ).resolves.toBe(0);
    const { scrollWidth, innerWidth } = await pageWidth(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    const box = await list.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(innerWidth);
  });
});

describe('the app shell and the Overview at 1280 px', () => {
  let page: Page;
  beforeAll(async () => {
    page = await session.browser.newPage({
      viewport: { width: 1280, height: 900 },
    });
  });
  afterAll(() => page?.close());

  it('has a skip link as its first tab stop, which moves the focus to the content', async () => {
    await open(page, '/catalog/default/component/payments-api');
    // from the top of the document, as after a load
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.getSelection()?.removeAllRanges();
    });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate(el => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(
      await page.evaluate(() =>
        Boolean(document.activeElement?.closest('main')),
      ),
    ).toBe(true);
    expect(
      await page.evaluate(() =>
        Boolean(document.activeElement?.closest('nav')),
      ),
    ).toBe(false);
  });

  it("puts the GitOps cards above the catalog's generic cards on a component's Overview", async () => {
    await open(page, '/catalog/default/component/payments-api');
    const gitops = page
      .locator('.MuiCard-root')
      .filter({ has: page.getByRole('link', { name: /View GitOps/ }) })
      .first();
    // the catalog's relations graph, a generic card (Backstage UI's card)
    const relations = page.getByText('Relations', { exact: true }).first();
    await gitops.waitFor({ timeout: 60_000 });
    await relations.waitFor({ timeout: 60_000 });
    const [above, below] = [
      await gitops.boundingBox(),
      await relations.boundingBox(),
    ];
    expect(above!.y).toBeLessThan(below!.y);
  });
});

describe('accessibility (axe-core): no serious or critical violations', () => {
  let page: Page;
  beforeAll(async () => {
    page = await session.browser.newPage({
      viewport: { width: 1440, height: 1000 },
    });
  });
  afterAll(() => page?.close());

  it.each(
    PAGES.filter(p =>
      [
        'entity GitOps tab',
        'application drawer',
        'fleet page',
        'template form',
      ].includes(p.name),
    ).map(p => [p.name, p] as const),
  )('on the %s', async (name, { route, ready }) => {
    await open(page, route);
    await ready?.(page);
    // the new frontend system's scaffolder page heads its sub-pages with
    // Backstage UI tabs (react-aria) that point aria-controls at a panel
    // they never render: Backstage's chrome, not the suite's, left out
    const violations = await seriousAxeViolations(
      page,
      name === 'template form'
        ? { exclude: [['[role="tab"][id^="react-aria"]']] }
        : undefined,
    );
    expect(violations).toEqual([]);
    // the README shows the entity tab as it is checked here
    if (name === 'entity GitOps tab') {
      await page.screenshot({
        path: path.join(repoRoot, 'docs/screenshots/entity-gitops-tab.png'),
        fullPage: true,
      });
    }
  });
});
