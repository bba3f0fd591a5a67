import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectChromium, viewports } from '@parade/test-support/chromium';
import { e2eServer } from '@parade/test-support/e2e-servers';
import { recordFailure, recordPageIfTestFails } from '@parade/test-support/failures';
import { waitForHydrationAfterLoads } from '@parade/test-support/hydration';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

export { viewports } from '@parade/test-support/chromium';
export { recordFailure } from '@parade/test-support/failures';

/** The run's one Chromium (started by the e2e global set-up), or a new one outside that set-up. */
export function launchBrowser(): Promise<Browser> {
  return connectChromium(inject('browserWSEndpoint'));
}

/**
 * Whether the storefront's service worker (decision 035) may register in a context. Blocked unless
 * a spec is about it (pwa, push): each new context would otherwise install it and precache every
 * hashed file of the build, about 250 requests per shopper that no other spec looks at (a quarter
 * of cart.spec's time). The specs of the worker itself run it as a shopper's browser does.
 */
export type ServiceWorkers = 'block' | 'allow';

/** A fresh context (no stored cart, token or location) pointed at the test server. */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  motion: 'reduce' | 'no-preference' = 'reduce',
  serviceWorkers: ServiceWorkers = 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: e2eServer().baseURL,
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A visitor who asks for reduced motion: the apps then skip transitions and stop loaders
    // spinning (reduced-motion.css), which leaves Chromium far less to paint. A spec about motion
    // itself asks for 'no-preference'.
    reducedMotion: motion,
    serviceWorkers,
  });
  // Every page of the context, popups included: goto and reload return once a storefront page is
  // hydrated (its code loads after its load event, decision 040).
  context.on('page', waitForHydrationAfterLoads);
  const page = await context.newPage();
  // A failing test keeps what this page showed (test-results/e2e-failures).
  recordPageIfTestFails(page);
  return { context, page };
}

export const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/**
 * Saves a full-page screenshot under e2e/screenshots (git-ignored) for a person to look at, when
 * asked for with E2E_SCREENSHOTS=1 (they cost a few seconds each, and nothing reads them in a test run).
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Runs `run` in a page of a fresh context (a new shopper), closing the context whatever happens. */
export async function inFreshPage(
  browser: Browser,
  run: (page: Page) => Promise<void>,
  viewport: { width: number; height: number } = viewports.desktop,
  motion: 'reduce' | 'no-preference' = 'reduce',
  serviceWorkers: ServiceWorkers = 'block',
): Promise<void> {
  const { page, context } = await newPage(browser, viewport, motion, serviceWorkers);
  try {
    await run(page);
  } catch (error) {
    await recordFailure(page, error);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * Opens `url` as a shopper's click inside the running app does. The server renders the
 * storefront's public pages with their data (decision 038), so the browser asks the API nothing
 * for the page it loads; what the app itself asks, and how it shows a failed call, is seen on a
 * navigation inside the app. Starts from the cart page (which the server sends as the app's
 * shell) when the page is not on the site yet, then moves the router as back/forward does.
 */
export async function gotoInApp(page: Page, url: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto('/cart-details');
    await page.locator('main#main').waitFor();
  }
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
}
