import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';

/**
 * Vendor offers on the storefront, in the real app: a guest reads a shop's offers, presses Claim,
 * logs in and comes back to claim; the claim shows on My offers with its stats and can be
 * cancelled; the shop's live QR code opens My Offer, where a QR-only offer is claimed; a code
 * that is not the shop's shows a clear message.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// The demo shop and its vendor (apps/admin/e2e/support/staff.ts; storefront specs do not import the admin's).
const vendor = { email: 'vendor.green-barrow@parade.test', password: 'parade-vendor-2026' };
const shop = { slug: 'green-barrow', name: 'Green Barrow Greengrocer' };
// Two of the shop's demo offers (apps/api/src/maintenance/seed/demo-promotions.ts).
const weeklyVeg = '10% off your weekly fruit and veg';
const herbs = 'Free bunch of herbs';

let clientCounter = 0;
/** Each caller is its own client address (the test server trusts X-Forwarded-For from loopback). */
const clientAddress = () => `10.94.${process.pid % 250}.${++clientCounter}`;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${e2eServer().baseURL}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      'x-forwarded-for': clientAddress(),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data: T; message?: string } };
}

/** A new customer (the demo customer's claims belong to other specs and the seed). */
async function newCustomer(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${Date.now()}@example.test`;
  const password = 'offers e2e passphrase';
  const registered = await api<{ access_token: string }>('auth/register', {
    method: 'POST',
    body: { name, email, password, password_confirmation: password },
  });
  expect(registered.status).toBe(201);
  return { email, password };
}

async function logIn(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** The claim code is on one line and does not overflow its panel (it is read across a counter). */
async function expectCodeInsidePanel(panel: Locator) {
  const fit = await panel.evaluate((outer) => {
    const code = outer.querySelector('[data-testid="claim-code"]');
    if (!code) return null;
    const text = document.createRange();
    text.selectNodeContents(code);
    const glyphs = text.getBoundingClientRect();
    const box = outer.getBoundingClientRect();
    return {
      inside: glyphs.left >= box.left && glyphs.right <= box.right,
      oneLine: text.getClientRects().length === 1,
    };
  });
  expect(fit).toEqual({ inside: true, oneLine: true });
}

/** Waits for running animations to end; one cancelled meanwhile (its `finished` rejects) counts as ended. */
const settle = (page: Page) =>
  page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );

describe('vendor offers on the storefront', () => {
  it('a guest reads the offers, logs in from Claim, claims, and sees and cancels the claim on My offers', async () => {
    const customer = await newCustomer('Clara Claims');
    const { page, context } = await newPage(browser);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
    try {
      // The shop page's Offers tab, as a guest.
      await page.goto(`/vendor/${shop.slug}`);
      await page
        .getByRole('navigation', { name: `${shop.name} sections` })
        .getByRole('link', { name: 'Offers', exact: true })
        .click();
      await page.getByRole('heading', { name: 'Offers', exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/vendor/${shop.slug}/offers`);
      const veg = page.getByRole('article', { name: weeklyVeg });
      await veg.waitFor();
      expect(await veg.getByTestId('offer-discount').textContent()).toBe('10% off');
      await veg.getByText('When you spend £8 or more').waitFor();
      expect(await veg.getByTestId('offer-validity').textContent()).toMatch(/^Valid until \d{2}-[A-Z][a-z]{2}-\d{4}$/);
      expect(await veg.getByTestId('offer-claims-left').textContent()).toMatch(/^\d+ of 200 left$/);
      await veg.getByText('Limit 1 per customer').waitFor();
      await veg.getByText(`Earn 20 reward points at ${shop.name} when you use it`).waitFor();
      await veg.getByText('Featured', { exact: true }).waitFor();
      // The terms fold open on demand.
      const terms = veg.getByRole('button', { name: 'Terms' });
      expect(await terms.getAttribute('aria-expanded')).toBe('false');
      await terms.click();
      expect(await terms.getAttribute('aria-expanded')).toBe('true');
      await veg.getByText('Not valid on boxed mangoes.').waitFor();
      // A QR-only offer is claimed in store, not from here.
      const herbCard = page.getByRole('article', { name: herbs });
      await herbCard.getByText("Scan the shop's QR code in store to claim").waitFor();
      expect(await herbCard.getByRole('button', { name: /^Claim/ }).count()).toBe(0);
      await settle(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'offers-tab-desktop');
      await page.setViewportSize(viewports.mobile);
      await veg.getByRole('button', { name: `Claim: ${weeklyVeg}` }).scrollIntoViewIfNeeded();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'offers-tab-mobile');
      await page.setViewportSize(viewports.desktop);

      // Filters: the QR offers tab holds only QR-only offers; a search narrows the list.
      await page.getByRole('link', { name: 'QR offers', exact: true }).click();
      await page.getByRole('heading', { name: 'QR code offers' }).waitFor();
      await page.getByRole('article', { name: herbs }).waitFor();
      expect(await page.getByRole('article', { name: weeklyVeg }).count()).toBe(0);
      await page.getByRole('link', { name: 'Offers', exact: true }).click();
      // Type only once the Offers tab shows (the QR tab's search box is gone): typed into the
      // box of the tab being left, the words would leave with it.
      await page.getByRole('article', { name: weeklyVeg }).waitFor();
      await page.getByRole('searchbox', { name: 'Search offers' }).fill('herbs');
      await page.waitForURL(/search=herbs/);
      await page.getByRole('article', { name: weeklyVeg }).waitFor({ state: 'detached' });
      await page.getByRole('article', { name: herbs }).waitFor();
      await page.getByRole('searchbox', { name: 'Search offers' }).fill('');
      await page.getByRole('article', { name: weeklyVeg }).waitFor();

      // Claim as a guest: Login, then back to the same tab with the offer pointed at.
      await veg.getByRole('button', { name: `Claim: ${weeklyVeg}` }).click();
      await page.waitForURL(/\/auth\/login\?redirect=/);
      await logIn(page, customer);
      await page.waitForURL((url) => url.pathname === `/vendor/${shop.slug}/offers` && url.searchParams.has('claim'));
      const claimButton = veg.getByRole('button', { name: `Claim: ${weeklyVeg}` });
      await claimButton.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Claim: '));
      // A double tap claims once, and says nothing of a second claim.
      await claimButton.dblclick();
      const dialog = page.getByRole('dialog', { name: 'Your claim code' });
      await dialog.getByRole('heading', { name: 'Offer claimed' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('You have already claimed this offer.').count()).toBe(0);
      const code = (await dialog.getByTestId('claim-code').textContent()) ?? '';
      expect(code).toMatch(/^PRD-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      await dialog.getByLabel('Claim status: PENDING').waitFor();
      await expectCodeInsidePanel(dialog.getByTestId('claimed-code'));
      await settle(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'offer-claimed-modal-desktop');
      // The list now knows this customer has claimed it (per customer limit 1).
      await dialog.getByRole('link', { name: 'My offers' }).click();

      // My offers: the claim, its code and status, and the stats counting it.
      await page.getByRole('heading', { name: 'My offers', exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/profile/offers');
      const card = page.getByTestId('claim-card').filter({ hasText: weeklyVeg });
      await card.getByLabel('Claim status: PENDING').waitFor();
      expect(await card.getByTestId('claim-card-code').textContent()).toBe(code);
      await card.getByRole('link', { name: shop.name }).waitFor();
      expect(await page.getByTestId('stat-total_claims').textContent()).toBe('1');
      expect(await page.getByTestId('stat-pending_claims').textContent()).toBe('1');
      expect(await page.getByTestId('stat-active_claims').textContent()).toBe('1');
      await page
        .getByRole('navigation', { name: 'My account' })
        .getByRole('link', { name: 'My offers' })
        .first()
        .waitFor();
      await settle(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'my-offers-desktop');

      // Cancel, after confirming.
      await card.getByRole('button', { name: `Cancel claim: ${weeklyVeg}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this claim?' });
      await confirm.getByRole('button', { name: 'Cancel claim' }).click();
      await card.getByLabel('Claim status: CANCELLED').waitFor();
      expect(await card.getByRole('button', { name: /Cancel claim/ }).count()).toBe(0);
      await page.getByTestId('stat-cancelled_claims').filter({ hasText: '1' }).waitFor();
      expect(await page.getByTestId('stat-pending_claims').textContent()).toBe('0');
      expect(await page.getByTestId('stat-active_claims').textContent()).toBe('0');
      // The status filter finds it among the cancelled ones only.
      await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
      await page.getByText('No pending claims').waitFor();
      await page.getByRole('combobox', { name: 'Status' }).selectOption('cancelled');
      await card.waitFor();

      await page.setViewportSize(viewports.mobile);
      await page.reload();
      await card.getByLabel('Claim status: CANCELLED').waitFor();
      await settle(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'my-offers-mobile');
    } finally {
      await context.close();
    }
  });

  it("opens My Offer with the shop's live QR code, logs in from Claim and claims a QR-only offer", async () => {
    const login = await api<{ access_token: string }>('auth/login', { method: 'POST', body: vendor });
    expect(login.status).toBe(200);
    const qr = await api<{ qr_code_id: string; qr_code_url: string }>('vendor-offers/vendor/qr-code/generate', {
      method: 'POST',
      token: login.body.data.access_token,
    });
    expect([200, 201]).toContain(qr.status);
    const myOfferUrl = new URL(qr.body.data.qr_code_url);
    expect(myOfferUrl.pathname).toBe(`/vendor/${shop.slug}/my-offer`);
    expect(myOfferUrl.searchParams.get('qr')).toBe(qr.body.data.qr_code_id);
    const target = `${myOfferUrl.pathname}${myOfferUrl.search}`;

    const customer = await newCustomer('Quentin Scan');
    const { page, context } = await newPage(browser, viewports.mobile);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
    try {
      await page.goto(target);
      await page.getByRole('heading', { name: `Your offers at ${shop.name}` }).waitFor();
      const herbCard = page.getByRole('article', { name: herbs });
      // Unlocked by the scan: a Claim button instead of "scan in store".
      await herbCard.getByRole('button', { name: `Claim: ${herbs}` }).waitFor();
      expect(await herbCard.getByText("Scan the shop's QR code in store to claim").count()).toBe(0);
      expect(await herbCard.getByTestId('offer-discount').textContent()).toBe('£0.70 off');
      await settle(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'my-offer-mobile');

      await herbCard.getByRole('button', { name: `Claim: ${herbs}` }).click();
      await page.waitForURL(/\/auth\/login\?redirect=/);
      await logIn(page, customer);
      // Back on the same URL, code included.
      await page.waitForURL(
        (url) => url.pathname === myOfferUrl.pathname && url.searchParams.get('qr') === qr.body.data.qr_code_id,
      );
      await herbCard.getByRole('button', { name: `Claim: ${herbs}` }).click();
      const claimed = page.getByTestId('claimed-code');
      await claimed.getByRole('heading', { name: 'Offer claimed' }).waitFor();
      await claimed.getByText(herbs).waitFor();
      await claimed.getByLabel('Claim status: PENDING').waitFor();
      const code = (await claimed.getByTestId('claim-code').textContent()) ?? '';
      expect(code).toMatch(/^PRD-/);
      // The code must fit its panel on a phone, unbroken.
      await expectCodeInsidePanel(claimed);
      await herbCard.getByTestId('offer-already-claimed').waitFor();
      await settle(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'my-offer-claimed-mobile');

      // The server recorded it as made by scanning.
      await claimed.getByRole('link', { name: 'My offers' }).click();
      const card = page.getByTestId('claim-card').filter({ hasText: herbs });
      await card.getByText(/by scanning the QR code/).waitFor();
      expect(await card.getByTestId('claim-card-code').textContent()).toBe(code);
    } finally {
      await context.close();
    }
  });

  it('says plainly when a QR code is not valid, and leads to the shop', async () => {
    const { page, context } = await newPage(browser);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
    try {
      await page.goto(`/vendor/${shop.slug}/my-offer?qr=not-a-live-code`);
      const message = page.getByTestId('qr-invalid');
      await message.getByText('This QR code is not valid').waitFor();
      await settle(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'my-offer-invalid-desktop');
      await message.getByRole('link', { name: `See ${shop.name}'s offers` }).click();
      await page.waitForURL((url) => url.pathname === `/vendor/${shop.slug}/offers`);
      await page.getByRole('article', { name: weeklyVeg }).waitFor();
    } finally {
      await context.close();
    }
  });
});
