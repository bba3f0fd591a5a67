import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';

/**
 * A page opened before the site was updated asks for chunks of the old build, which the new one
 * no longer has (main.tsx). The page loads itself again once, taking the new build; if the code
 * still cannot be fetched, the loading screen says so instead of "Loading Parade..." for ever.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Answers 404 for the app's start chunk, as a server with a newer build would, `times` times. */
async function startChunkGone(page: Page, times: number) {
  let left = times;
  const asked: string[] = [];
  await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
    asked.push(route.request().url());
    if (left > 0) {
      left--;
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    } else {
      await route.continue();
    }
  });
  return asked;
}

describe('a page of an older build', () => {
  it('loads itself again once when its code is gone, and then works', async () => {
    const { page, context } = await newPage(browser);
    await startChunkGone(page, 1);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.goto('/cart-details');
    // The shell's own screen, once the app has started after the reload.
    await page.getByRole('heading', { name: /cart/i }).first().waitFor();
    await expect.poll(() => loads.length).toBe(2);
    await context.close();
  });

  it('says the app did not load, with a way to try again, when its code stays gone', async () => {
    const { page, context } = await newPage(browser);
    const asked = await startChunkGone(page, 100);
    await page.goto('/cart-details');
    const failed = page.getByTestId('app-load-failed');
    await failed.waitFor();
    expect(await failed.getAttribute('role')).toBe('alert');
    expect(await failed.textContent()).toContain('Parade could not load. Please check your connection and try again.');
    expect(await page.getByText('Loading Parade...').count()).toBe(0);
    // One reload, not a loop: the chunk was asked for by the first load and the reload only.
    const askedBeforeRetry = asked.length;
    expect(askedBeforeRetry).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(1500);
    expect(asked.length).toBe(askedBeforeRetry);

    // "Try again" loads the page again; with the code back, the app starts.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: /cart/i }).first().waitFor();
    expect(await failed.count()).toBe(0);
    await context.close();
  });
});
