import { seriousA11yViolations } from '@parade/test-support/axe';
import { downloadedBytes } from '@parade/test-support/chromium';
import { e2eServer } from '@parade/test-support/e2e-servers';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The URL inside a PNG, read as a phone's camera would. */
function decodePng(bytes: Buffer): string | null {
  const image = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** What the storefront's my-offer page asks the API for the code in `url` (the QR's link). */
async function myOfferFor(url: string) {
  const link = new URL(url);
  return api<{ offers: { id: number }[] }>(e2eServer().baseURL, `vendor-offers${link.pathname}${link.search}`);
}

async function openQrPage(page: Page): Promise<void> {
  await signIn(page, accounts.vendor);
  await page.getByText('Orders today').waitFor();
  await page.getByRole('link', { name: 'QR code' }).click();
  await page.getByRole('heading', { name: 'QR code', level: 1 }).waitFor();
}

/** Waits for the live code's picture and answers the link it opens. */
async function liveLink(page: Page): Promise<string> {
  await page.getByTestId('qr-image').waitFor();
  return page.getByLabel('Link in the code').inputValue();
}

describe('the vendor QR code page', () => {
  it('generates the code, downloads a PNG that reads as the my-offer URL, prints the A5 poster and regenerates', async () => {
    const baseURL = e2eServer().baseURL;
    const { page, context } = await newPage(browser);
    try {
      await openQrPage(page);
      // The demo shop may already have a code (another spec may have made it): generate only when there is none.
      const generate = page.getByRole('button', { name: 'Generate QR code' });
      await Promise.race([generate.waitFor(), page.getByTestId('qr-image').waitFor()]);
      if (await generate.isVisible()) {
        await saveScreenshot(page, 'qr-code-empty');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await generate.click();
        await page.getByText('Your QR code is ready.').waitFor();
      }
      const url = await liveLink(page);
      expect(url).toMatch(
        new RegExp(`^${baseURL}/vendor/${accounts.vendor.shopSlug}/my-offer\\?qr=[A-Za-z0-9_-]{22}$`),
      );
      await page.getByTestId('qr-stats').getByText('Scans', { exact: true }).waitFor();

      // The download is the PNG the API made, saved under the shop's name, encoding the link.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download PNG' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${accounts.vendor.shopSlug}-qr.png`);
      expect(decodePng(await downloadedBytes(download))).toBe(url);

      // The code unlocks the shop's offers (QR-only ones too) on the my-offer page's call.
      const unlocked = await myOfferFor(url);
      expect(unlocked.status).toBe(200);
      expect(unlocked.body.data.offers.length).toBeGreaterThan(0);
      // That visit was a scan: the stats count it.
      await page.reload();
      await page.getByTestId('qr-image').waitFor();
      await expect
        .poll(async () => Number(/Scans\s+(\d+)/.exec(await page.getByTestId('qr-stats').innerText())?.[1] ?? 0))
        .toBeGreaterThan(0);
      // The test server's PUBLIC_URL is 127.0.0.1: the page says phones cannot open the link.
      const warning = page.getByRole('alert').filter({ hasText: 'Phones cannot open this link yet' });
      await warning.waitFor();
      expect(await warning.innerText()).toContain('Set PUBLIC_URL to the address shoppers use');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'qr-code-desktop');

      // Printing shows only the A5 poster: the shop's name, the code and the call to scan.
      await page.emulateMedia({ media: 'print' });
      // The shell animates its padding away (print.css drops the navigation's room): let it settle.
      await expect.poll(() => page.locator('main').evaluate((main) => getComputedStyle(main).paddingLeft)).toBe('0px');
      const poster = page.getByRole('region', { name: 'Printable QR poster' });
      await poster.getByText('Scan to claim our offers').waitFor();
      await poster.getByRole('heading', { name: 'Green Barrow Greengrocer' }).waitFor();
      expect(await poster.getByRole('img', { name: /QR code for/ }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Regenerate' }).isVisible()).toBe(false);
      await saveScreenshot(page, 'qr-code-poster-print');
      // The poster's page is A5 (148 x 210 mm = 419.5 x 595.3 points) whatever the printer's default.
      const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
      const box = /MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
      expect(box, 'a MediaBox in the PDF').not.toBeNull();
      // Chromium rounds to whole points; Letter (612 x 792) or A4 (595 x 842) would be far off.
      expect(Math.abs(Number(box?.[1]) - 419.5)).toBeLessThan(2);
      expect(Math.abs(Number(box?.[2]) - 595.3)).toBeLessThan(2);
      await page.emulateMedia({ media: 'screen' });

      // Regenerating warns that printed codes stop working, then the old link unlocks nothing.
      await page.getByRole('button', { name: 'Regenerate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Replace your QR code?' });
      await dialog.getByText(/stops working/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Replace the code' }).click();
      await page.getByText('New QR code made. Print it again: the old one no longer works.').waitFor();
      await expect.poll(() => page.getByLabel('Link in the code').inputValue()).not.toBe(url);
      const fresh = await liveLink(page);
      expect(fresh).toMatch(new RegExp(`^${baseURL}/vendor/${accounts.vendor.shopSlug}/my-offer\\?qr=`));

      const old = await myOfferFor(url);
      expect(old.status).toBe(404);
      expect((old.body as unknown as { code: string }).code).toBe('qr_code_invalid');
      expect((await myOfferFor(fresh)).status).toBe(200);

      // The new download encodes the new link.
      const [second] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download PNG' }).click(),
      ]);
      expect(decodePng(await downloadedBytes(second))).toBe(fresh);
    } finally {
      await context.close();
    }
  });

  it('fits a 390 px phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    try {
      await signIn(page, accounts.vendor);
      await page.getByText('Orders today').waitFor();
      await page.goto('/admin/vendor/qr-code');
      await page.getByRole('heading', { name: 'QR code', level: 1 }).waitFor();
      const generate = page.getByRole('button', { name: 'Generate QR code' });
      await Promise.race([generate.waitFor(), page.getByTestId('qr-image').waitFor()]);
      if (await generate.isVisible()) await generate.click();
      await page.getByTestId('qr-image').waitFor();
      await page.getByTestId('qr-stats').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'qr-code-mobile');
    } finally {
      await context.close();
    }
  });
});
