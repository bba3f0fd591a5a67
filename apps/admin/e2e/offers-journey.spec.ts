import type { Claim } from '@parade/core/offer-schemas';
import { downloadedBytes } from '@parade/test-support/chromium';
import { e2eServer } from '@parade/test-support/e2e-servers';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { newCustomer, placeOrderAtVendor, pointsAtVendor } from './support/offers';
import { accounts, api, signIn } from './support/staff';

/**
 * Issue 13's acceptance, end to end through both sites: the vendor creates a QR-only offer in the
 * merchant site and downloads the shop's QR code; a customer opens the URL inside the PNG, signs
 * in (and comes back), claims; the vendor confirms the claim and marks it used on the customer's
 * order; the customer sees it used on My Offers and the points on Reward points.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const shopName = 'Green Barrow Greengrocer';

/** The URL inside a QR code PNG, read the way a phone's camera would. */
function decodeQrPng(bytes: Buffer): string | null {
  const image = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** The storefront's Login form (the shopper's, not the merchant site's). */
async function storefrontLogIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

describe('offers, claims and QR codes end to end', () => {
  it('vendor offer and QR -> customer scans, signs in, claims -> vendor confirms and marks used -> customer sees used and points', async () => {
    const title = `Counter Treat ${Date.now()}`;
    const customer = await newCustomer('Nia Scanwell');

    // 1. The vendor creates a QR-only offer worth 40 points in the merchant site.
    const vendor = await newPage(browser);
    const admin = vendor.page;
    await signIn(admin, accounts.vendor);
    await admin.getByText('Orders today').waitFor();
    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Offers' }).click();
    await admin.getByRole('button', { name: 'New offer' }).click();
    const form = admin.getByRole('dialog', { name: 'New offer' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Description/).fill('15% off anything at the counter, for scanning our code.');
    await form.getByLabel(/^Discount \(%\)/).fill('15');
    await form.getByLabel(/^Points reward/).fill('40');
    await form.getByRole('switch', { name: /QR code only/ }).press('Space');
    await form.getByRole('button', { name: 'Save offer' }).click();
    await admin.getByText(`Offer "${title}" is saved.`).waitFor();
    await admin
      .getByRole('row', { name: new RegExp(title) })
      .getByText('QR ONLY')
      .waitFor();

    // 2. The shop's QR code: made if the shop has none yet, then downloaded as a PNG.
    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'QR code' }).click();
    await admin.getByRole('heading', { name: 'QR code', level: 1 }).waitFor();
    const generate = admin.getByRole('button', { name: 'Generate QR code' });
    const image = admin.getByTestId('qr-image');
    await Promise.race([generate.waitFor(), image.waitFor()]);
    if (await generate.isVisible()) await generate.click();
    await image.waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${accounts.vendor.shopSlug}-qr.png`);
    const scanned = decodeQrPng(await downloadedBytes(download));
    expect(scanned).not.toBeNull();
    const qrUrl = new URL(scanned ?? '');
    expect(`${qrUrl.origin}${qrUrl.pathname}`).toBe(
      `${e2eServer().baseURL}/vendor/${accounts.vendor.shopSlug}/my-offer`,
    );
    const qrCode = qrUrl.searchParams.get('qr');
    expect(qrCode).toBeTruthy();
    await saveScreenshot(admin, 'journey-vendor-qr-desktop');

    // 3. A customer on a phone opens the scanned URL, is sent to Login by Claim, comes back, claims.
    const shopper = await newPage(browser, viewports.mobile);
    const phone = shopper.page;
    await phone.goto(qrUrl.toString());
    await phone.getByRole('heading', { name: `Your offers at ${shopName}` }).waitFor();
    const card = phone.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Claim: ${title}` }).click();
    await phone.waitForURL(/\/auth\/login\?redirect=/);
    await storefrontLogIn(phone, customer);
    await phone.waitForURL((url) => url.pathname === qrUrl.pathname && url.searchParams.get('qr') === qrCode);
    await card.getByRole('button', { name: `Claim: ${title}` }).click();
    const claimed = phone.getByTestId('claimed-code');
    await claimed.getByRole('heading', { name: 'Offer claimed' }).waitFor();
    const code = ((await claimed.getByTestId('claim-code').textContent()) ?? '').trim();
    expect(code).not.toBe('');
    await saveScreenshot(phone, 'journey-customer-claimed-mobile');

    // The customer pays for their shopping: an order at the shop (placed through the API).
    const order = await placeOrderAtVendor(customer.token);
    expect(await pointsAtVendor(customer.token)).toBe(0);

    // 4. At the counter the shopkeeper types the code, confirms, and marks it used on that order.
    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Claims' }).click();
    // Typed once the inbox shows, not into the page being left.
    await admin.getByRole('heading', { name: 'Claims', level: 1 }).waitFor();
    await admin.getByRole('searchbox', { name: 'Search' }).fill(code);
    const row = admin.getByRole('row', { name: new RegExp(code) });
    await row.getByText('PENDING').waitFor();
    await row.getByText('scanned QR', { exact: false }).waitFor();
    await row.getByRole('button', { name: `Confirm claim ${code}` }).click();
    const confirmDialog = admin.getByRole('dialog', { name: 'Confirm this claim?' });
    await confirmDialog.getByRole('button', { name: 'Confirm claim' }).click();
    // A refusal stays in the dialog: say it, rather than time out on the row.
    await confirmDialog.waitFor({ state: 'hidden' }).catch(async (error: unknown) => {
      const said = await confirmDialog.innerText({ timeout: 1000 }).catch(() => '(not readable)');
      throw new Error(`The claim's confirm dialog stayed open, saying: ${said}`, { cause: error });
    });
    await row.getByText('CONFIRMED').waitFor();
    await row.getByRole('button', { name: `Mark claim ${code} used` }).click();
    const markUsed = admin.getByRole('dialog', { name: 'Mark this claim used?' });
    await markUsed.getByRole('combobox', { name: 'Order' }).click();
    await admin.getByRole('option', { name: new RegExp(`order #${order.id}`) }).click();
    await markUsed.getByRole('button', { name: 'Mark used' }).click();
    await admin.getByText(`Claim ${code} is used; Nia Scanwell earned 40 points.`).waitFor();
    await row.getByText('USED').waitFor();
    await saveScreenshot(admin, 'journey-vendor-claim-used-desktop');

    const stored = await api<{ claim: Claim }>(
      e2eServer().baseURL,
      `vendor-offers/claims/${(await claimId(customer.token, code)) ?? 0}`,
      {
        token: customer.token,
      },
    );
    expect(stored.body.data.claim).toMatchObject({
      status: 'used',
      order_id: order.id,
      via_qr: true,
      points_awarded: 40,
    });

    // 5. The customer sees the claim used on My Offers, and the points on Reward points.
    await phone.goto('/profile/offers');
    const claimCard = phone.getByTestId('claim-card').filter({ hasText: title });
    await claimCard.getByText('USED', { exact: true }).waitFor();
    await claimCard.getByTestId('claim-used-summary').getByText('40').waitFor();
    await saveScreenshot(phone, 'journey-customer-offers-mobile');
    await phone.goto('/profile/reward-points');
    await phone.getByRole('listitem', { name: `${shopName}: 40 points` }).waitFor();
    await saveScreenshot(phone, 'journey-customer-points-mobile');
    expect(await pointsAtVendor(customer.token)).toBe(40);

    await shopper.context.close();
    await vendor.context.close();
  });
});

/** The id of the customer's claim with this code (their claims list, newest first). */
async function claimId(token: string, code: string): Promise<number | undefined> {
  const reply = await api<{ data: Claim[] }>(e2eServer().baseURL, 'vendor-offers/user/claims', { token });
  return reply.body.data.data.find((c) => c.code === code)?.id;
}
