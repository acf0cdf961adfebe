#!/usr/bin/env node
/*
 * Refreshes docs/screenshots/ from a running portal (`npm start` first):
 * the entity GitOps tab, the overview card and the fleet page, taken in
 * Debian's Chromium (`apt-get install -y chromium`) through playwright-core.
 *   node scripts/screenshots.js [baseUrl]
 */
const path = require('node:path');
const { chromium } = require('playwright-core');

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const out = path.resolve(__dirname, '../docs/screenshots');
const shots = [
  ['entity-gitops-tab.png', '/catalog/default/component/payments-api/gitops'],
  ['entity-overview-card.png', '/catalog/default/component/payments-api'],
  ['fleet-page.png', '/gitops'],
];

async function open(page, route) {
  await page.goto(`${baseUrl}${route}`);
  const enter = page.getByRole('button', { name: /^enter$/i });
  // the guest sign-in page appears on every fresh load
  if (await enter.isVisible({ timeout: 15_000 }).catch(() => false)) {
    await enter.click();
  }
  // the tabs poll their agents, so the network never goes idle: wait for
  // the progress bars to go, then a moment for charts to settle
  await page.waitForTimeout(3_000);
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => {});
  await page.waitForTimeout(3_000);
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    for (const [file, route] of shots) {
      await open(page, route);
      await page.screenshot({ path: path.join(out, file), fullPage: true });
      console.log(`wrote docs/screenshots/${file}`);
    }
    // the application drawer: resource tree, operations, history, diff
    await open(page, shots[0][1]);
    await page.getByText('payments-api-prod', { exact: true }).first().click();
    await page.waitForTimeout(4_000);
    await page.screenshot({ path: path.join(out, 'application-drawer.png') });
    console.log('wrote docs/screenshots/application-drawer.png');
  } finally {
    await browser.close();
  }
}

main().catch(error => {
  console.error(error);
  process.exit(1);
});
