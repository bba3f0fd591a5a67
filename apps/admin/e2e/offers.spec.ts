import type { Claim, Offer } from '@parade/core/offer-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import {
  claimOffer,
  createOffer,
  newCustomer,
  placeOrderAtVendor,
  pointsAtVendor,
  tinyPng,
  tokenFor,
} from './support/offers';
import { accounts, api, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The demo shop's offers as the public sees them (switched-off ones never show). */
async function publicOffer(title: string): Promise<Offer | undefined> {
  const reply = await api<{ offers: Offer[] }>(
    e2eServer().baseURL,
    `vendor-offers/vendor/${accounts.vendor.shopSlug}/offers?status=all&search=${encodeURIComponent(title)}`,
  );
  return reply.body.data.offers.find((o) => o.title === title);
}

describe('merchant offers', () => {
  it('creates an offer with a picture, edits it, switches it off and on, and the shop page shows it', async () => {
    const title = `Harvest Box Deal ${Date.now()}`;
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Offers' }).click();
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'New offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New offer' });
    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel(/^Description/).fill('A box of seasonal fruit and veg for less.');
    // Core's rule speaks before anything is sent.
    await dialog.getByLabel(/^Discount \(%\)/).fill('150');
    await dialog.getByRole('button', { name: 'Save offer' }).click();
    await dialog.getByText('A percent discount is at most 100.').waitFor();
    await dialog.getByLabel(/^Discount \(%\)/).fill('20');
    await dialog.getByLabel(/^Points reward/).fill('25');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: tinyPng });
    await dialog.getByRole('img', { name: 'New offer picture (saved with the offer)' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-offer-form-desktop');
    await dialog.getByRole('button', { name: 'Save offer' }).click();
    await page.getByText(`Offer "${title}" is saved.`).waitFor();

    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByText('20% off').waitFor();
    await row.getByText('+25 points').waitFor();
    const created = await publicOffer(title);
    expect(created).toMatchObject({ is_active: true, discount_type: 'percent', discount_value: 20, points_reward: 25 });
    expect(created?.image).toMatch(/\/uploads\//);

    // Edit: an amount off in pounds (sent as pence) and a limit on claims.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit offer ${title}` });
    await edit.getByRole('img', { name: 'Current offer picture' }).waitFor();
    await edit.getByText('Amount off').click();
    await edit.getByLabel(/^Discount \(£\)/).fill('2.50');
    await edit.getByLabel(/^Claims in total/).fill('40');
    await edit.getByRole('button', { name: 'Save offer' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('£2.50 off').waitFor();
    await row.getByText('0 of 40').waitFor();
    expect(await publicOffer(title)).toMatchObject({ discount_type: 'fixed', discount_value: 250, max_claims: 40 });

    // Off: the switch shows the stored value, and the public no longer sees the offer.
    const active = row.getByRole('switch', { name: `Active: ${title}` });
    expect(await active.isChecked()).toBe(true);
    // With the keyboard, as the switch's track covers the input for the mouse.
    await active.press('Space');
    await page.getByText(`"${title}" is off: hidden from customers.`).waitFor();
    await expect.poll(() => active.isChecked()).toBe(false);
    await row.getByText('INACTIVE').waitFor();
    expect(await publicOffer(title)).toBeUndefined();

    await active.press('Space');
    await page.getByText(`"${title}" is on: customers can claim it.`).waitFor();
    await expect.poll(() => active.isChecked()).toBe(true);
    await row.getByText('ACTIVE', { exact: true }).waitFor();
    expect(await publicOffer(title)).toMatchObject({ is_active: true });

    // Its stats, beside the list.
    await row.getByRole('button', { name: `Stats of ${title}` }).click();
    const drawer = page.getByRole('dialog', { name: `Stats: ${title}` });
    await drawer.getByText('0 of 40 claims counted (40 left).').waitFor();
    await drawer.getByRole('button').first().press('Escape');

    // The storefront's shop page lists it on its offers tab.
    const shopper = await newPage(browser);
    await shopper.page.goto(`/vendor/${accounts.vendor.shopSlug}/offers`);
    await shopper.page.getByTestId('shop-offers').getByText(title).waitFor();
    await shopper.context.close();

    // Search finds it; the status filter narrows the list.
    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(title);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Ended' }).click();
    await page.getByText('No offer matches.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await row.waitFor();

    // Delete, after confirming.
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page
      .getByRole('dialog', { name: `Delete offer ${title}?` })
      .getByRole('button', { name: 'Delete offer' })
      .click();
    await page.getByText(`Offer "${title}" is deleted.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the offers list and form on a phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto('/admin/vendor/offers');
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Offers' }).getByRole('row').nth(1).waitFor();
    // The table has rows: its "no records" message is hidden from everyone, screen readers too
    // (mantine-datatable only fades it out; visibility hidden takes it out of the accessibility tree).
    // On a phone the table says it scrolls sideways (its actions sit past the edge).
    await page.getByText('Swipe the table sideways to see every column.').waitFor();
    const empty = page.getByText('No offers yet. Create one for your shop page and QR code.');
    expect(await empty.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-offers-mobile');
    await page.getByRole('button', { name: 'New offer' }).click();
    await page
      .getByRole('dialog', { name: 'New offer' })
      .getByLabel(/^Title/)
      .waitFor();
    // Wait for the modal's opening transition: half-faded text would fail the contrast check.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.mantine-Modal-content')].every((el) => getComputedStyle(el).opacity === '1'),
    );
    await saveScreenshot(page, 'vendor-offer-form-mobile');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('asks before Escape throws away a half-written offer, and closes an untouched form at once', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto('/admin/vendor/offers');
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();

    // Nothing typed: Escape closes it, nothing asked.
    await page.getByRole('button', { name: 'New offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New offer' });
    await dialog.getByLabel(/^Title/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'New offer' }).click();
    await dialog.getByLabel(/^Title/).fill('Half-written autumn offer');
    await dialog.getByLabel(/^Description/).fill('Typed before the phone rang.');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await ask.getByText('What you have entered in this form is not saved. Close it now and it is lost.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-offer-discard-ask');
    // Keeping it: the form is as it was.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe('Half-written autumn offer');
    expect(await dialog.getByLabel(/^Description/).inputValue()).toBe('Typed before the phone rang.');

    // The close button asks too; discarding closes the form, and the next one starts empty.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'New offer' }).click();
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe('');
    // Its own Cancel button is a choice already made: it closes without asking.
    await dialog.getByLabel(/^Title/).fill('Another thought');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await ask.count()).toBe(0);
    await context.close();
  });
});

describe('merchant claims inbox', () => {
  it('finds a claim by its code, confirms it with a note, marks it used on the order, and cancels another', async () => {
    const vendorToken = await tokenFor(accounts.vendor);
    const stamp = Date.now();
    const offer = await createOffer(vendorToken, { title: `Fresh Loaf Reward ${stamp}`, points_reward: 30 });
    const spare = await createOffer(vendorToken, { title: `Spare Pastry Deal ${stamp}` });
    const customer = await newCustomer('Ada Offerton');
    const claim = await claimOffer(customer.token, offer.id);
    const other: Claim = await claimOffer(customer.token, spare.id);
    const order = await placeOrderAtVendor(customer.token);
    const pointsBefore = await pointsAtVendor(customer.token);

    const { page, context } = await newPage(browser);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Claims' }).click();
    await page.getByRole('heading', { name: 'Claims', level: 1 }).waitFor();

    // The shopkeeper types the code the customer shows.
    await page.getByRole('searchbox', { name: 'Search' }).fill(claim.code);
    const row = page.getByRole('row', { name: new RegExp(claim.code) });
    await row.getByText('PENDING').waitFor();
    await row.getByText('Ada Offerton').waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Claims' }).getByRole('row').count()).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-claims-desktop');

    await row.getByRole('button', { name: `Confirm claim ${claim.code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm this claim?' });
    await confirm.getByLabel('Note for the customer (optional)').fill('Valid on any loaf today.');
    await confirm.getByRole('button', { name: 'Confirm claim' }).click();
    await page.getByText(`Claim ${claim.code} is confirmed.`).waitFor();
    await row.getByText('CONFIRMED').waitFor();
    await row.getByText('Note: Valid on any loaf today.').waitFor();

    await row.getByRole('button', { name: `Mark claim ${claim.code} used` }).click();
    const markUsed = page.getByRole('dialog', { name: 'Mark this claim used?' });
    await markUsed.getByRole('combobox', { name: 'Order' }).click();
    await page.getByRole('option', { name: new RegExp(`order #${order.id}`) }).click();
    // 10% of the order's subtotal, suggested from the offer, in pounds.
    const suggested = (Math.round(order.subtotal / 10) / 100).toFixed(2);
    expect(await markUsed.getByLabel('Discount applied').inputValue()).toBe(`£${suggested}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-claim-mark-used-desktop');
    await markUsed.getByRole('button', { name: 'Mark used' }).click();
    await page.getByText(`Claim ${claim.code} is used; Ada Offerton earned 30 points.`).waitFor();
    await row.getByText('USED').waitFor();
    await row.getByText(`Order #${order.id} · £${suggested} off`).waitFor();

    const seen = await api<{ claim: Claim }>(e2eServer().baseURL, `vendor-offers/claims/${claim.id}`, {
      token: customer.token,
    });
    expect(seen.body.data.claim).toMatchObject({
      status: 'used',
      order_id: order.id,
      discount_applied: Math.round(order.subtotal / 10),
      vendor_notes: 'Valid on any loaf today.',
    });
    expect(await pointsAtVendor(customer.token)).toBe(pointsBefore + 30);

    // Cancel the other claim (filtered by its offer), after confirming.
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('combobox', { name: 'Offer' }).click();
    await page.getByRole('option', { name: spare.title }).click();
    const otherRow = page.getByRole('row', { name: new RegExp(other.code) });
    await otherRow.getByRole('button', { name: `Cancel claim ${other.code}` }).click();
    await page
      .getByRole('dialog', { name: `Cancel claim ${other.code}?` })
      .getByRole('button', { name: 'Cancel claim' })
      .click();
    await page.getByText(`Claim ${other.code} is cancelled.`).waitFor();
    await otherRow.getByText('CANCELLED').waitFor();
    expect(await otherRow.getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('shows the claims inbox and the offer stats on a phone, with the stats matching the API', async () => {
    const vendorToken = await tokenFor(accounts.vendor);
    // A claim of its own, so the inbox has a row however this file's tests are ordered or run.
    const offer = await createOffer(vendorToken, { title: `Phone Inbox Treat ${Date.now()}` });
    await claimOffer((await newCustomer('Phil Phoneclaim')).token, offer.id);
    const { page, context } = await newPage(browser, viewports.mobile);
    await signIn(page, accounts.vendor);
    await page.getByText('Orders today').waitFor();
    await page.goto('/admin/vendor/claims');
    await page.getByRole('table', { name: 'Claims' }).getByRole('row').nth(1).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-claims-mobile');

    const stats = await api<{ total_claims: number; used_claims: number; pending_claims: number }>(
      e2eServer().baseURL,
      'vendor-offers/vendor/claims/stats',
      { token: vendorToken },
    );
    await page.goto('/admin/vendor/offer-stats');
    await page.getByRole('heading', { name: 'Offer stats', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Claims by status' }).waitFor({ state: 'attached' });
    const cell = (status: string) =>
      page
        .getByRole('table', { name: 'Claims by status' })
        .getByRole('row', { name: new RegExp(`^${status} `) })
        .getByRole('cell')
        .nth(1)
        .textContent();
    expect(await cell('Used')).toBe(String(stats.body.data.used_claims));
    expect(await cell('Pending')).toBe(String(stats.body.data.pending_claims));
    await page.getByText('Claims from scans used').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'vendor-offer-stats-mobile');

    await page.setViewportSize(viewports.desktop);
    await saveScreenshot(page, 'vendor-offer-stats-desktop');
    await context.close();
  });
});
