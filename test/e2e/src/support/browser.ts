import fs from 'node:fs';
import { Browser, Page, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`), or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launches headless Chromium. A missing browser is an error that says how to
 * install it: the e2e journeys are never skipped silently.
 */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it with 'apt-get install -y chromium' or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Opens a route of the portal, signing in as the guest when the sign-in
 * page shows, and waits until the page's progress bars are gone.
 */
export async function openPortal(page: Page, baseUrl: string, route: string) {
  await page.goto(`${baseUrl}${route}`);
  const enter = page.getByRole('button', { name: /^enter$/i });
  // either the guest sign-in page or the portal's sidebar shows
  const sidebar = page.getByRole('link', { name: 'Settings' });
  await enter.or(sidebar).first().waitFor({ timeout: 60_000 });
  if (await enter.isVisible()) await enter.click();
  await waitForProgress(page);
}

/** Waits until no progress bar shows (the tabs poll, so never network idle). */
export async function waitForProgress(page: Page) {
  await page.waitForTimeout(300);
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 });
}
