import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, recordFailure, saveScreenshot, viewports } from './support/browser';

/**
 * Reviews, favourites and buying again in the real storefront (issue 27, decision 044): a
 * delivered order's line reviewed from the order page shows on the product page as a verified
 * purchase with the shop's reply under it; a heart pressed as a guest is set after signing in;
 * "Buy again" on two shops' delivered orders fills the cart grouped by shop.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const vendors = {
  greens: { email: 'vendor.green-barrow@parade.test', password: 'parade-vendor-2026', shopSlug: 'green-barrow' },
  bakery: { email: 'vendor.rise-and-crumb@parade.test', password: 'parade-vendor-2026', shopSlug: 'rise-and-crumb' },
};
let clientCounter = 0;
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

const signIn = async (who: { email: string; password: string }) =>
  (await api<{ access_token: string }>('auth/login', { method: 'POST', body: who })).body.data.access_token;

interface Card {
  id: number;
  name: string;
  slug: string;
  type: string;
  shop: { slug: string; name: string };
  variation: { id: number; slug: string; full_name: string; stock: number | null };
}

/** A physical product of the shop with plenty in stock. */
async function cardOf(shopSlug: string, skip = 0): Promise<Card> {
  const cards = await api<{ products: { data: Card[] } }>(`products?shop=${shopSlug}&per_page=60`);
  const card = cards.body.data.products.data.filter(
    (c) => c.type === 'Physical' && c.variation.stock !== null && c.variation.stock > 20,
  )[skip];
  expect(card, shopSlug).toBeDefined();
  return card!;
}

/** A new customer's cash collection checkout of the lines, every order of it delivered by its shop. */
async function deliveredCheckout(
  lines: { card: Card; quantity: number; vendor: { email: string; password: string } }[],
) {
  const email = `rowan.reviews.${process.pid}.${Date.now()}@example.test`;
  const password = 'reviews e2e passphrase';
  const registered = await api<{ access_token: string }>('auth/register', {
    method: 'POST',
    body: { name: 'Rowan Reviewer', email, password, password_confirmation: password },
  });
  expect(registered.status).toBe(201);
  const token = registered.body.data.access_token;
  const settings = (await (await fetch(`${e2eServer().baseURL}/api/app/setting`)).json()) as {
    settings: { collection_locations: string };
  };
  const point = (JSON.parse(settings.settings.collection_locations) as { value: string }[])[0]!.value;
  const placed = await api<{ invoice: string; orders: { id: number; shop: { slug: string } }[] }>('user/order/place', {
    method: 'POST',
    token,
    body: {
      order_type: 'collection',
      collection_point: point,
      items: lines.map((line) => ({ variation_id: line.card.variation.id, quantity: line.quantity })),
      payment_method: 'cash',
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  for (const order of placed.body.data.orders) {
    const line = lines.find((l) => l.card.shop.slug === order.shop.slug)!;
    const vendorToken = await signIn(line.vendor);
    for (const status of ['processing', 'ready', 'delivered']) {
      const moved = await api(`vendor/orders/${order.id}/status`, {
        method: 'PATCH',
        token: vendorToken,
        body: { status },
      });
      expect(moved.status).toBe(200);
    }
  }
  return { email, password, token, orders: placed.body.data.orders, invoice: placed.body.data.invoice };
}

async function customerPage(token: string | null, viewport = viewports.desktop) {
  const { page, context } = await newPage(browser, viewport);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  if (token) await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
  return { page, context };
}

/** The widths of a star rating's stars, empty and filled, and how much of each row shows. */
const starsAsDrawn = (stars: Locator) =>
  stars.evaluate((element) => {
    const [empty, filled] = [...element.children];
    const widths = (row: Element | undefined) =>
      [...(row?.querySelectorAll('svg') ?? [])].map((star) => Math.round(star.getBoundingClientRect().width));
    return {
      empty: widths(empty),
      filled: widths(filled),
      rowWidth: empty?.getBoundingClientRect().width ?? 0,
      filledWidth: filled?.getBoundingClientRect().width ?? 0,
    };
  });

/** axe once the toasts have gone and animations are done (axe measures contrast on what is on screen). */
async function quietA11y(page: Page) {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => {});
  return seriousA11yViolations(page);
}

describe('reviews, favourites and buy again', () => {
  it('a delivered line reviewed from the order page shows on the product page as a verified purchase, with the shop reply', async () => {
    const card = await cardOf(vendors.greens.shopSlug, 1);
    const { token, orders } = await deliveredCheckout([{ card, quantity: 1, vendor: vendors.greens }]);
    const contexts: BrowserContext[] = [];
    const { page, context } = await customerPage(token);
    contexts.push(context);
    try {
      await page.goto(`/profile/orders/${orders[0]!.id}`);
      const write = page.getByRole('button', { name: `Write a review of ${card.variation.full_name}` });
      await write.click();
      const dialog = page.getByRole('dialog', { name: 'Write a review' });
      // No stars: the form says so and sends nothing.
      await dialog.getByRole('button', { name: 'Publish review' }).click();
      await dialog.getByText('Choose from 1 to 5 stars.').waitFor();
      // Mantine's stars are radios drawn by their labels: a visitor clicks the fourth star.
      const fourth = await dialog.getByRole('radio', { name: '4 stars' }).getAttribute('id');
      await dialog.locator(`label[for="${fourth}"]`).click();
      expect(await dialog.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
      const words = `Crisp and sweet, collected in a minute (${Date.now()}).`;
      await dialog.getByRole('textbox', { name: 'Your review' }).fill(words);
      await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'review-form-desktop');
      await dialog.getByRole('button', { name: 'Publish review' }).click();
      await page.getByText('Thank you: your review is published.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('own-review').getByRole('img', { name: 'Your review: 4 out of 5 stars' }).waitFor();

      // The shop answers it from the merchant API (the merchant site's spec covers its page).
      const vendorToken = await signIn(vendors.greens);
      const listed = await api<{ data: { id: number; body: string }[] }>(
        `vendor/reviews?search=${encodeURIComponent(words.slice(-16))}`,
        { token: vendorToken },
      );
      const review = listed.body.data.data.find((r) => r.body === words);
      expect(review).toBeDefined();
      const reply = 'Thank you! The new crop is in on Friday.';
      expect(
        (await api(`vendor/reviews/${review!.id}/reply`, { method: 'POST', token: vendorToken, body: { body: reply } }))
          .status,
      ).toBe(200);

      await page.goto(`/${card.shop.slug}/product/${card.slug}/${card.variation.slug}`);
      const section = page.getByTestId('product-reviews');
      const item = section.getByTestId('review').filter({ hasText: words });
      await item.waitFor();
      await item.getByText('Verified purchase').waitFor();
      const stars = item.getByRole('img', { name: '4 out of 5 stars' });
      await stars.waitFor();
      // Drawn as four stars of five: every star whole, the filled row clipped after the fourth.
      const drawn = await starsAsDrawn(stars);
      expect(drawn.filled).toEqual(drawn.empty);
      expect(drawn.filledWidth).toBeCloseTo((drawn.rowWidth * 4) / 5, 0);
      await item.getByTestId('shop-reply').getByText(reply).waitFor();
      // The rating by the title links to the reviews.
      await page
        .getByRole('img', { name: /^Rated \d\.\d out of 5 from \d+ reviews?$/ })
        .first()
        .waitFor();
      expect(await quietA11y(page)).toEqual([]);
      await saveScreenshot(page, 'product-reviews-desktop');

      await page.setViewportSize(viewports.mobile);
      await section.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports.mobile.width,
      );
      await saveScreenshot(page, 'product-reviews-mobile');
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      for (const c of contexts) await c.close();
    }
  });

  it('a heart pressed as a guest is set once they have signed in, and the product is in their favourites', async () => {
    const card = await cardOf(vendors.greens.shopSlug, 2);
    const { email, password } = await deliveredCheckout([{ card, quantity: 1, vendor: vendors.greens }]);
    const { page, context } = await customerPage(null);
    try {
      await page.goto(`/products?shop=${card.shop.slug}`);
      const productCard = page.getByTestId('product-card').filter({ hasText: card.name }).first();
      await productCard.getByRole('button', { name: `Save ${card.name} to favourites` }).click();
      await page.waitForURL((url) => url.pathname === '/auth/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/products');
      await page
        .getByTestId('product-card')
        .filter({ hasText: card.name })
        .first()
        .getByRole('button', { name: `Remove ${card.name} from favourites` })
        .waitFor();

      await page.goto('/profile/favourites');
      await page.getByRole('heading', { name: 'Favourites' }).waitFor();
      await page.getByRole('region', { name: 'Products' }).getByText(card.name).first().waitFor();
      expect(await quietA11y(page)).toEqual([]);
      await saveScreenshot(page, 'favourites-desktop');
      await page.setViewportSize(viewports.mobile);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewports.mobile.width,
      );
      await saveScreenshot(page, 'favourites-mobile');
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('"Buy again" on two shops\' delivered orders fills the cart grouped by shop', async () => {
    const greens = await cardOf(vendors.greens.shopSlug, 3);
    const bread = await cardOf(vendors.bakery.shopSlug, 0);
    const { token, orders, invoice } = await deliveredCheckout([
      { card: greens, quantity: 2, vendor: vendors.greens },
      { card: bread, quantity: 1, vendor: vendors.bakery },
    ]);
    expect(orders).toHaveLength(2);
    const { page, context } = await customerPage(token);
    try {
      await page.goto('/profile/orders');
      for (const card of [greens, bread]) {
        await page.getByRole('button', { name: `Buy again: ${card.shop.name} ${invoice}` }).click();
        await page
          .getByText(/added to your cart\.$/)
          .first()
          .waitFor();
      }
      expect(await quietA11y(page)).toEqual([]);
      await page.goto('/cart-details');
      for (const card of [greens, bread]) {
        const group = page.getByRole('region', { name: card.shop.name });
        await group.getByRole('heading', { level: 2, name: card.shop.name }).waitFor();
        await group.getByText(card.variation.full_name).first().waitFor();
      }
      const quantities = await page.evaluate(() => JSON.parse(localStorage.getItem('parade-cart') ?? '{}').state.items);
      expect(quantities.map((item: { id: number; quantity: number }) => [item.id, item.quantity]).sort()).toEqual(
        [
          [greens.variation.id, 2],
          [bread.variation.id, 1],
        ].sort(),
      );
      await saveScreenshot(page, 'buy-again-cart-desktop');
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });
});
