import type { Page } from 'playwright-core';

/**
 * Whether the storefront has taken over the page it loaded: a page the server rendered carries
 * its data block (#parade-state) and is marked `data-hydrated` on <html> once hydrated
 * (apps/web/src/components/layout/after-hydration.tsx); the frame the server draws around a
 * shopper's own pages (its header and footer, whose buttons do nothing yet) is gone once the app
 * has drawn the page (`[data-page-pending]`, PagePending in main-layout.tsx); a page with neither
 * (the shell, the admin site, a file) has nothing to wait for.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.getElementById('parade-state') === null || document.documentElement.dataset.hydrated === 'true') &&
      document.querySelector('[data-page-pending]') === null,
  );
}

/**
 * Makes `page.goto` and `page.reload` return once the storefront has taken the page over, not at
 * its load event. The storefront fetches a server-rendered page's code only after that event
 * (decision 040), so until then its buttons are the server's HTML and do nothing: a test pressing
 * one must wait, as a shopper waits for the page to respond.
 */
export function waitForHydrationAfterLoads(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}
