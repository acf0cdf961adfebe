/*
 * Frontend time to interactive: the entity GitOps tab of the real portal
 * (packages/backend serving the built packages/app) for an entity with 200
 * services x 4 environments (800 applications on one sandbox agent), in
 * headless Chromium (playwright-core, Debian's /usr/bin/chromium).
 *
 * Per sample, a full page load of /catalog/default/component/<name>/gitops
 * after guest sign-in; measured in the page (performance.now(), from
 * navigation start):
 * - content: the environment matrix and the applications table show their
 *   full counts in their pagers (200 services, 800 applications) and no
 *   progress bar remains;
 * - interactive: the first idle callback after that (main thread free).
 */
const path = require('node:path');
const { startPortal, launchSignedIn } = require('../lib/portal');
const { WORK } = require('../lib/backends');
const { summarize } = require('../lib/stats');

const SERVICES = 200;
const ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'];
const ENTITY = 'tti-svc';

async function run({ smoke, log }) {
  const portal = await startPortal({ prefix: 'tti', services: SERVICES, environments: ENVIRONMENTS, entity: ENTITY, log });
  const { baseUrl } = portal;
  let browser;
  try {
    const signedIn = await launchSignedIn(baseUrl);
    browser = signedIn.browser;
    const { context } = signedIn;

    const samples = smoke ? 1 : 8;
    const figures = { contentFirstLoad: [], interactiveFirstLoad: [], content: [], interactive: [] };
    for (let i = 0; i < samples + 1; i++) {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/catalog/default/component/${ENTITY}/gitops`);
      // both pagers (the environment matrix pages services, the table pages
      // applications) show the full counts, and nothing is loading
      const content = await page.waitForFunction(
        ({ services, apps }) => {
          const text = document.body.textContent;
          return text.includes(`of ${services}`) && text.includes(`of ${apps}`) && !document.querySelector('[role="progressbar"]')
            ? performance.now()
            : false;
        },
        { services: SERVICES, apps: SERVICES * ENVIRONMENTS.length },
        { polling: 'raf', timeout: 120_000 },
      ).catch(async error => {
        const shot = path.join(WORK, 'tti-failure.png');
        await page.screenshot({ path: shot, fullPage: false }).catch(() => {});
        const text = await page
          .evaluate(() => `progress bars: ${document.querySelectorAll('[role="progressbar"]').length}\n${document.body.innerText.replace(/\s+/g, ' ')}`)
          .catch(() => '');
        throw new Error(`${error.message}\npage ${page.url()} (screenshot ${shot}) shows:\n${text.slice(0, 1500)}`);
      });
      const contentMs = await content.jsonValue();
      const interactiveMs = await page.evaluate(
        () => new Promise(resolve => requestIdleCallback(() => resolve(performance.now()), { timeout: 30_000 })),
      );
      if (i === 0) {
        figures.contentFirstLoad.push(contentMs);
        figures.interactiveFirstLoad.push(interactiveMs);
      } else {
        figures.content.push(contentMs);
        figures.interactive.push(interactiveMs);
      }
      await page.close();
    }
    return {
      description: `${SERVICES} services x ${ENVIRONMENTS.length} environments = ${SERVICES * ENVIRONMENTS.length} applications, one agent at 50 ms +- 10 ms; first load (backend cache cold) and ${samples} reloads`,
      figures: {
        'content shown, first load': summarize(figures.contentFirstLoad),
        'interactive, first load': summarize(figures.interactiveFirstLoad),
        'content shown, reload': summarize(figures.content),
        'time to interactive, reload': summarize(figures.interactive),
      },
    };
  } finally {
    await browser?.close();
    await portal.stop();
  }
}

module.exports = { run };
