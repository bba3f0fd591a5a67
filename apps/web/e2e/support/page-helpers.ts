import type { Page } from 'playwright-core';

/** "£1,234.50" -> 123450 pence. */
export function pence(text: string): number {
  const amount = text.replace(/[^\d.]/g, '');
  return Math.round(Number.parseFloat(amount) * 100);
}

/** The bold price of every product card on the page, in order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('card-price').allTextContents();
  return texts.map((text) => pence(text.replace(/^Now\s*/, '')));
}

/**
 * Scrolls through the page so lazy images load, then back to the top, so a full-page
 * screenshot shows every picture.
 */
export async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight;
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  // Let anything that reacts to scrolling (the back-to-top button) settle before a screenshot.
  await page.waitForTimeout(400);
  // Slides parked beside a carousel never scroll into view, so only pictures within the page's width count.
  await page.waitForFunction(
    () =>
      [...document.images]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.width > 0 && box.right > 0 && box.left < window.innerWidth;
        })
        .every((image) => image.complete),
    undefined,
    { timeout: 10_000 },
  );
}

/** The current URL's query as an object. */
export function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}
