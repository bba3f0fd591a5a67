import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectChromium, viewports } from '@parade/test-support/chromium';
import { e2eServer } from '@parade/test-support/e2e-servers';
import { recordPageIfTestFails } from '@parade/test-support/failures';
import { waitForHydrationAfterLoads } from '@parade/test-support/hydration';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

export { viewports } from '@parade/test-support/chromium';

/** The run's one Chromium (started by the e2e global set-up), or a new one outside that set-up. */
export function launchBrowser(): Promise<Browser> {
  return connectChromium(inject('browserWSEndpoint'));
}

let clientCounter = 0;

/**
 * A fresh context (no stored token) pointed at the test server. Each context is its own client
 * address (the test server trusts X-Forwarded-For from loopback), so sign-ins in one file do not
 * add up against the login rate limit.
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  motion: 'reduce' | 'no-preference' = 'reduce',
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
    // The storefront's service worker (decision 035) would precache the whole build in every
    // context that opens a storefront page; the storefront's pwa and push specs are about it.
    serviceWorkers: 'block',
  });
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.66.${process.pid % 250}.${++clientCounter}` });
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
