import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';

/** Pages already recorded: a failure is kept once, whichever hook saw it first. */
const recorded = new WeakSet<Page>();

/**
 * Records `page` if the running test fails while it is still open (vitest's onTestFailed), for
 * specs that open pages themselves and close them only at their end. Outside a test, nothing.
 */
export function recordPageIfTestFails(page: Page): void {
  try {
    onTestFailed(async () => {
      await recordFailure(page, null);
    });
  } catch {
    // Not inside a test (a beforeAll): nothing to attach to.
  }
}

/**
 * When a step fails, what the page showed: a screenshot and the page's text under
 * test-results/e2e-failures/ (CI keeps the clone), and the address in the error. A failure that
 * happens once in many runs can then be read instead of guessed at.
 */
export async function recordFailure(page: Page, error: unknown): Promise<void> {
  if (page.isClosed() || recorded.has(page)) return;
  recorded.add(page);
  const name = `${path.basename(expect.getState().testPath ?? 'spec')}-${Date.now()}`.replace(/[^\w.-]+/g, '-');
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results/e2e-failures');
  try {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, timeout: 5_000 });
    writeFileSync(
      path.join(dir, `${name}.txt`),
      // biome-ignore lint/performance/useDomNodeTextContent: what the page showed, as laid out, is the point
      `${page.url()}\n\n${await page.locator('body').innerText({ timeout: 5_000 })}`,
    );
    if (error instanceof Error)
      error.message += `\n(The page at ${page.url()}: test-results/e2e-failures/${name}.png and .txt)`;
  } catch {
    // The page may be gone; the original error is what matters.
  }
}
