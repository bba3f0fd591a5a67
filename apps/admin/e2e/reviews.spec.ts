import type { OwnReview, Review } from '@parade/core/review-schemas';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { deliveredCashOrderAtTheBakery, tokenOf } from './support/orders';
import { accounts, api, signIn } from './support/staff';

/**
 * Issue 27, the merchant site's part (docs/decisions/044): the bakery replies to a customer's
 * review once from its Reviews page, and the reply shows under the review on the storefront; the
 * platform hides the review with a reason, which takes it off the product page and mails the
 * author, and shows it again.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseURL = () => e2eServer().baseURL;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// A 2x2 PNG: the server checks pictures by content, so it must be a real image.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The demo customer reviews the line of a delivered bakery order (4 stars, a text only this test
 * writes, one photo), as the storefront sends it: multipart through `POST user/reviews`.
 */
async function reviewOfDeliveredLine(text: string): Promise<OwnReview> {
  const { orderId } = await deliveredCashOrderAtTheBakery(baseURL());
  const customer = await tokenOf(baseURL(), accounts.customer);
  const order = await api<{ order: { items: { id: number }[] } }>(baseURL(), `user/order/${orderId}`, {
    token: customer,
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const form = new FormData();
  form.append('order_item_id', String(order.body.data.order.items[0]!.id));
  form.append('rating', '4');
  form.append('body', text);
  form.append('photos', new Blob([png], { type: 'image/png' }), 'loaf.png');
  const response = await fetch(`${baseURL()}/api/user/reviews`, {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${customer}` },
    body: form,
  });
  const reply = (await response.json()) as { data: OwnReview };
  expect(response.status, JSON.stringify(reply)).toBe(201);
  return reply.data;
}

/** What shoppers see under the product (the first page, newest first). */
async function publicReviews(productId: number): Promise<Review[]> {
  const reply = await api<{ data: Review[] }>(baseURL(), `products/${productId}/reviews`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.data;
}

/** Picks an option of one of the table's filters (a Mantine Select). */
async function choose(page: Page, filter: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('reviews on the merchant site', () => {
  // One review, written in the set-up; the tests look at it in turn (none needs another's outcome).
  const marker = `Crust like a drum, crumb still warm at collection (${Date.now()})`;
  let review: OwnReview;
  let named: string;
  beforeAll(async () => {
    review = await reviewOfDeliveredLine(marker);
    named = `${review.author}'s review of ${review.product.name}`;
  });

  it('the shop finds the review awaiting its reply and replies once; the reply shows under it on the storefront', async () => {
    const reply = 'Thank you! We bake that one at 5 every morning: come early for a warm one.';
    const shop = await newPage(browser);
    try {
      const { page } = shop;
      await signIn(page, accounts.otherVendor);
      await page.getByText('Orders today').waitFor();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reviews' }).click();
      await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
      // The worst first: the table's first row is the API's first in that order.
      await choose(page, 'Order', 'Fewest stars first');
      await page.waitForURL(/sort=rating/);
      const worst = await api<{ data: { body: string; rating: number }[] }>(baseURL(), 'vendor/reviews?sort=rating', {
        token: await tokenOf(baseURL(), accounts.otherVendor),
      });
      const first = worst.body.data.data[0]!;
      expect(first.rating).toBe(Math.min(...worst.body.data.data.map((r) => r.rating)));
      await page
        .getByRole('table', { name: 'Reviews' })
        .getByRole('row')
        .nth(1)
        .filter({ hasText: first.body.slice(0, 40) })
        .waitFor();
      await choose(page, 'Order', 'Newest first');
      await choose(page, 'Reply', 'Awaiting reply');
      await page.waitForURL(/replied=0/);
      await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(marker);
      const table = page.getByRole('table', { name: 'Reviews' });
      const row = table.getByRole('row').filter({ hasText: marker });
      await row.waitFor();
      await row.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
      await row.getByText('Awaiting your reply').waitFor();
      await row.getByRole('img', { name: `Photo 1 of 1 from ${review.author} (opens in a new tab)` }).waitFor();
      expect(await row.getByRole('link', { name: new RegExp(review.product.name) }).getAttribute('href')).toBe(
        `/${review.product.shop_slug}/product/${review.product.slug}/${review.product.variation_slug}`,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'vendor-reviews-desktop');

      // The reply: the browser's check (core's schema) first, then published once.
      await row.getByRole('button', { name: `Reply to ${named}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reply to this review' });
      await dialog.getByRole('button', { name: 'Publish reply' }).click();
      await dialog.getByText('Write your reply.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('textbox', { name: /^Your reply/ }).fill(reply);
      await dialog.getByRole('button', { name: 'Publish reply' }).click();
      await page.getByText(`Your reply to ${review.author}'s review is published.`).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // It no longer awaits a reply: gone from this filter, shown with its reply under Replied.
      await page.getByText('No review matches these filters.').waitFor();
      await choose(page, 'Reply', 'Replied');
      await page.waitForURL(/replied=1/);
      await row.getByTestId('review-reply').getByText(reply).waitFor();
      expect(await row.getByRole('button', { name: `Reply to ${named}` }).count()).toBe(0);
      expect(await row.getByText('Awaiting your reply').count()).toBe(0);
      await saveScreenshot(page, 'vendor-reviews-replied-desktop');
    } finally {
      await shop.context.close();
    }

    // The storefront shows the reply under the review; a second reply is refused.
    const shown = (await publicReviews(review.product.id)).find((r) => r.id === review.id);
    expect(shown?.reply?.body).toBe(reply);
    const vendor = await tokenOf(baseURL(), accounts.otherVendor);
    const again = await api(baseURL(), `vendor/reviews/${review.id}/reply`, {
      method: 'POST',
      token: vendor,
      body: { body: 'A second word.' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'review_already_replied' });
  });

  it("shows the shop's reviews on a 390 px phone: the table scrolls in its own region, the page never sideways", async () => {
    const phone = await newPage(browser, viewports.mobile);
    try {
      await signIn(phone.page, accounts.otherVendor);
      await phone.page.getByText('Orders today').waitFor();
      await phone.page.goto(`/admin/vendor/reviews?search=${encodeURIComponent(marker)}`);
      await phone.page.getByRole('table', { name: 'Reviews' }).getByRole('row').filter({ hasText: marker }).waitFor();
      expect(await pageWidth(phone.page)).toBeLessThanOrEqual(viewports.mobile.width);
      await saveScreenshot(phone.page, 'vendor-reviews-mobile');
    } finally {
      await phone.context.close();
    }
  });

  it('the platform hides the review with a reason its author is mailed, and shows it again', async () => {
    const reason = 'It names a member of staff; reviews are about the product.';
    const platform = await newPage(browser);
    try {
      const { page } = platform;
      await signIn(page, accounts.admin);
      await page.getByText('Shop requests waiting').waitFor();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reviews' }).click();
      await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
      await choose(page, 'Shop', 'Rise & Crumb Bakery');
      await page.waitForURL(/shop=\d+/);
      await page.getByRole('searchbox', { name: 'Search' }).fill(marker);
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(marker);
      const row = page.getByRole('table', { name: 'Reviews' }).getByRole('row').filter({ hasText: marker });
      await row.getByText('Visible', { exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'platform-reviews-desktop');

      await row.getByRole('button', { name: `Hide ${named}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await publicReviews(review.product.id)).some((r) => r.id === review.id)).toBe(true);

      await row.getByRole('button', { name: `Hide ${named}` }).click();
      await dialog.getByRole('button', { name: 'Hide review' }).click();
      await dialog.getByText('Say why the review is hidden: the author is told.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
      await dialog.getByRole('button', { name: 'Hide review' }).click();
      await page.getByText(`${named} is hidden; they have been told why.`).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await row.getByText('Hidden', { exact: true }).waitFor();
      await row.getByText(`Reason: ${reason}`).waitFor();
      await saveScreenshot(page, 'platform-reviews-hidden-desktop');

      // Off the product page; the author has the reason in their mail.
      expect((await publicReviews(review.product.id)).some((r) => r.id === review.id)).toBe(false);
      const admin = await tokenOf(baseURL(), accounts.admin);
      await expect
        .poll(async () => {
          const outbox = await api<{ data: { kind: string; subject: string; to: string }[] }>(
            baseURL(),
            `admin/mail-outbox?search=review-hidden`,
            { token: admin },
          );
          return outbox.body.data.data.map((m) => [m.kind, m.to, m.subject]);
        })
        .toContainEqual(['review-hidden', accounts.customer.email, `Your review of ${review.product.name} was hidden`]);

      // Visibility: Hidden lists it; Show again (asked first) puts it back on the product page.
      await choose(page, 'Visibility', 'Hidden');
      await page.waitForURL(/hidden=1/);
      await row.getByRole('button', { name: `Show again ${named}` }).click();
      await page
        .getByRole('dialog', { name: 'Show this review again?' })
        .getByRole('button', { name: 'Show again' })
        .click();
      await page.getByText(`${named} shows again.`).waitFor();
      await page.getByText('No review matches these filters.').waitFor();
      expect((await publicReviews(review.product.id)).some((r) => r.id === review.id)).toBe(true);
    } finally {
      await platform.context.close();
    }
  });

  it("shows the platform's reviews on a 390 px phone with no serious accessibility problems", async () => {
    const adminPhone = await newPage(browser, viewports.mobile);
    try {
      await signIn(adminPhone.page, accounts.admin);
      await adminPhone.page.getByText('Shop requests waiting').waitFor();
      await adminPhone.page.goto(`/admin/platform/reviews?search=${encodeURIComponent(marker)}`);
      await adminPhone.page
        .getByRole('table', { name: 'Reviews' })
        .getByRole('row')
        .filter({ hasText: marker })
        .waitFor();
      expect(await pageWidth(adminPhone.page)).toBeLessThanOrEqual(viewports.mobile.width);
      expect(await seriousA11yViolations(adminPhone.page)).toEqual([]);
      await saveScreenshot(adminPhone.page, 'platform-reviews-mobile');
    } finally {
      await adminPhone.context.close();
    }
  });
});
