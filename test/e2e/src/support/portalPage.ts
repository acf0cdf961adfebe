import { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { journeyRecorder } from './journey';
import { Portal, StartPortalOptions, startPortal } from './startPortal';

/** The portal and the browser page a test file's journeys run in. */
export interface PortalPage {
  /** The running portal (set before the file's first test). */
  portal: Portal;
  /** The one page of the file's journeys (set before its first test). */
  page: Page;
  /** A test that leaves the page's screen in test-results/ when it fails. */
  journey: ReturnType<typeof journeyRecorder>;
}

/**
 * Starts the portal and Chromium before a test file's tests and opens one
 * page of the given size; closes the browser and stops the portal after them.
 */
export function usePortalPage(options: {
  portal?: StartPortalOptions;
  viewport: { width: number; height: number };
}): PortalPage {
  let browser: Browser | undefined;
  const session = {} as PortalPage;
  beforeAll(async () => {
    [session.portal, browser] = await Promise.all([
      startPortal(options.portal),
      launchChromium(),
    ]);
    session.page = await browser.newPage({ viewport: options.viewport });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await session.portal?.stop();
  });
  session.journey = journeyRecorder(() => session.page);
  return session;
}
