import { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { journeyRecorder } from './journey';
import { Portal, StartPortalOptions, startPortal } from './startPortal';

/** The config of a portal whose operations only an entity's owners may run. */
export const OWNER_POLICY = { permission: { enabled: true, policy: 'owner' } };

/** The portal and the browser a test file's tests run in. */
export interface PortalBrowser {
  /** The running portal (set before the file's first test). */
  portal: Portal;
  /** Chromium (set before the file's first test). */
  browser: Browser;
}

/**
 * Starts the portal and Chromium before a test file's tests; closes the
 * browser and stops the portal after them.
 */
export function usePortalBrowser(portal?: StartPortalOptions): PortalBrowser {
  const session = {} as PortalBrowser;
  beforeAll(async () => {
    [session.portal, session.browser] = await Promise.all([
      startPortal(portal),
      launchChromium(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await session.browser?.close();
    await session.portal?.stop();
  });
  return session;
}

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
  const started = usePortalBrowser(options.portal);
  const session = {} as PortalPage;
  beforeAll(async () => {
    session.portal = started.portal;
    session.page = await started.browser.newPage({
      viewport: options.viewport,
    });
  });
  session.journey = journeyRecorder(() => session.page);
  return session;
}
