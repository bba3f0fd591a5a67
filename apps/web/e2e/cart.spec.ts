import type { ProductCard, ProductList, ProductPage } from '@parade/core/catalog-dto';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An in-stock physical product card of a shop, from the real API. */
async function inStockCard(shop: string, skip = 0): Promise<ProductCard> {
  const res = await fetch(`${e2eServer().baseURL}/api/products?shop=${shop}&sort_by=price&sort_high=0`);
  const body = (await res.json()) as { data: ProductList };
  const cards = body.data.products.data.filter(
    (card) => card.type === 'Physical' && (card.variation.stock === null || card.variation.stock > 5),
  );
  const card = cards[skip];
  if (!card) throw new Error(`no in-stock product at ${shop}`);
  return card;
}

/** The header shows one location button per screen size; use the one on screen. */
const locationButton = (page: Page) => page.getByTestId('location-button').filter({ visible: true });

const productPath = (card: ProductCard) => `/${card.shop.slug}/product/${card.slug}/${card.variation.slug}`;

async function modalError(page: Page): Promise<string> {
  const alert = page.getByTestId('location-error');
  await alert.waitFor();
  return (await alert.innerText()).replace(/\s+/g, ' ').trim();
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** A product of the shop with a second, well-stocked variation to switch to on its page. */
async function productWithTwoVariations(shop: string): Promise<{ page: ProductPage; other: ProductPage['variation'] }> {
  const res = await fetch(`${e2eServer().baseURL}/api/products?shop=${shop}`);
  const cards = ((await res.json()) as { data: ProductList }).data.products.data;
  for (const card of cards) {
    const detail = await fetch(
      `${e2eServer().baseURL}/api/product/${card.shop.slug}/${card.slug}/${card.variation.slug}`,
    );
    const page = ((await detail.json()) as { data: ProductPage }).data;
    const other = page.variations.find(
      (v) => v.id !== page.variation.id && (v.stock === null || v.stock > 5) && v.price !== page.variation.price,
    );
    if (page.product.type === 'Physical' && other) return { page, other };
  }
  throw new Error(`no product with two variations at ${shop}`);
}

/** Picks the first collection point in the Choose Order Type modal and continues. */
async function chooseFirstCollectionPoint(page: Page) {
  const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
  await modal.getByRole('radio').first().check();
  await modal.getByRole('button', { name: 'Continue' }).click();
  await modal.waitFor({ state: 'hidden' });
}

/** Adds a card's product with its own Add button, on its shop's list sorted as inStockCard found it. */
async function addFromShopList(page: Page, card: ProductCard) {
  await page.goto(`/products?shop=${card.shop.slug}&sort=sortLowPrice`);
  await page
    .getByRole('button', { name: `Add ${card.name} to cart` })
    .first()
    .click();
  await toast(page, 'Item added to cart');
  // The toast's close button is an icon: it carries a name for screen readers.
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'Item added to cart' })
    .first()
    .getByRole('button', { name: 'Dismiss notification' })
    .waitFor();
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

describe('order type, location and cart', () => {
  it('holds a physical item until a location is chosen, with every message of the modal', async () => {
    const { page, context } = await newPage(browser);
    const card = await inStockCard('green-barrow');
    await page.goto(productPath(card));
    await page.getByRole('button', { name: 'Add to cart' }).click();

    const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
    await modal.waitFor();
    // Collection with no point chosen.
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modalError(page)).toBe('PLEASE SELECT A COLLECTION POINT');
    // Delivery with no postcode.
    await modal.getByRole('button', { name: 'Delivery Order' }).click();
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modalError(page)).toBe('PLEASE SELECT A DELIVERY LOCATION');
    // A postcode that breaks the rule.
    const postcode = modal.getByLabel('Delivery postcode');
    expect(await postcode.getAttribute('placeholder')).toBe('Search by postcode (min 3 characters)');
    await modal.getByText('e.g. E1 0AD').waitFor();
    // Typed, then the field left (Tab) as a shopper would: the postcode suggestions that open
    // once typing pauses would otherwise lie over Continue on a slow machine.
    await postcode.fill('ABCDEFG');
    await postcode.press('Tab');
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modalError(page)).toBe('PLEASE SELECT A VALID POSTCODE, "ABCDEFG" IS NOT VALID');
    // A real postcode far outside the radius.
    await postcode.fill('M1 1AE');
    await postcode.press('Tab');
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modalError(page)).toBe('DELIVERY SERVICE UNAVAILABLE IN "M1 1AE"');
    // The availability check failing on the network.
    await page.route('**/api/get-distance**', (route) => route.abort('failed'));
    await postcode.fill('E2 6DG');
    await postcode.press('Tab');
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modalError(page)).toBe('SOMETHING WENT WRONG');
    await page.unroute('**/api/get-distance**');

    // A valid collection point: the held item is added.
    await modal.getByRole('button', { name: 'Collection Order' }).click();
    await modal.getByRole('radio').first().check();
    await modal.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Location selected successfully');
    await toast(page, 'Item added to cart');
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('cart-button').getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(await locationButton(page).innerText()).toContain('Collection');
    await context.close();
  });

  it('switches to delivery with postcode suggestions, in and out of the area', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    // Opened and closed by keyboard, the first time: focus comes back to the button.
    await locationButton(page).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName),
      )
      .toBe('location-button');
    await locationButton(page).click();
    await modal.getByRole('button', { name: 'Delivery Order' }).click();
    const postcode = modal.getByLabel('Delivery postcode');
    await postcode.fill('E2 6');
    await page.getByRole('option', { name: /E2 6DG/ }).click();
    await modal.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Location selected successfully');
    expect(await locationButton(page).innerText()).toContain('Delivery: E2 6DG');

    // Delivering physical items adds the delivery charge.
    const card = await inStockCard('cable-street-butchers');
    await page.goto(productPath(card));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toast(page, 'Item added to cart');
    await page.goto('/cart-details');
    const summary = page.getByTestId('cart-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(/Delivery charge\s+£10\.00/);

    // A failing postcode search says so.
    await page.route('**/api/address-autocomplete**', (route) => route.abort('failed'));
    await locationButton(page).first().click();
    await modal.getByLabel('Delivery postcode').fill('E1 6');
    expect(await modalError(page)).toBe('SOMETHING WENT WRONG');
    await page.unroute('**/api/address-autocomplete**');

    await modal.getByLabel('Delivery postcode').fill('');
    await modal.getByLabel('Delivery postcode').fill('E17 4J');
    await page.getByRole('option', { name: /E17 4JF/ }).click();
    await modal.getByRole('button', { name: 'Continue' }).click();
    expect(await modalError(page)).toBe('DELIVERY SERVICE UNAVAILABLE IN "E17 4JF"');
    await context.close();
  });

  it('searches postcodes from 3 characters, once typing pauses, cancelling a search overtaken by typing', async () => {
    const { page, context } = await newPage(browser);
    const searches: string[] = [];
    const aborted: string[] = [];
    let first = true;
    await page.route('**/api/address-autocomplete**', async (route) => {
      searches.push(new URL(route.request().url()).searchParams.get('input') ?? '');
      // Hold the first search back, so that more typing overtakes it.
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      await route.continue().catch(() => undefined);
    });
    page.on('requestfailed', (request) => {
      if (request.url().includes('/api/address-autocomplete')) aborted.push(request.url());
    });
    await page.goto('/');
    await locationButton(page).click();
    const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
    await modal.getByRole('button', { name: 'Delivery Order' }).click();
    const postcode = modal.getByLabel('Delivery postcode');

    // Under 3 characters: no search at all.
    await postcode.pressSequentially('E2', { delay: 80 });
    await page.waitForTimeout(900);
    expect(searches).toEqual([]);
    // Typing on: one search for what stands when typing pauses, not one per key.
    await postcode.pressSequentially(' 6D', { delay: 80 });
    await expect.poll(() => searches, { timeout: 3000 }).toEqual(['E2 6D']);
    // More typing while that search is still out: it is cancelled, and the new one answers.
    await postcode.pressSequentially('G', { delay: 80 });
    await expect.poll(() => searches, { timeout: 3000 }).toEqual(['E2 6D', 'E2 6DG']);
    await expect.poll(() => aborted.length, { timeout: 3000 }).toBe(1);
    await page.getByRole('option', { name: /E2 6DG/ }).waitFor();
    await context.close();
  });

  it('drops a collection point no longer offered; closing the modal drops the held item and sets the order type', async () => {
    const { page, context } = await newPage(browser);
    await context.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      const gone = { type: 'collection', location: { value: 'The Old Town Hall (closed)' } };
      localStorage.setItem(
        'parade-location',
        JSON.stringify({ state: { orderType: 'collection', selectedLocation: gone }, version: 0 }),
      );
    });
    const stored = async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('parade-location'))) ?? '{}').state as {
        orderType: string;
        selectedLocation: unknown;
      };
    await page.goto('/');
    await expect.poll(async () => (await stored()).selectedLocation).toBeNull();
    expect(await locationButton(page).innerText()).toContain('Choose location');

    // Closing the modal instead of Continue: the held item is not added; a physical cart stays collection.
    const card = await inStockCard('green-barrow');
    await page.goto(productPath(card));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('cart-button').getAttribute('aria-label')).toBe('Cart, 0 items');
    expect((await stored()).orderType).toBe('collection');

    // A digital item needs no location; with only digital items, closing the modal means delivery.
    const res = await fetch(`${e2eServer().baseURL}/api/products?shop=brick-and-binding-books`);
    const ebook = ((await res.json()) as { data: ProductList }).data.products.data.find((c) => c.type === 'Digital');
    if (!ebook) throw new Error('no digital product in the demo bookshop');
    await page.goto(productPath(ebook));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toast(page, 'Item added to cart');
    expect(await modal.count()).toBe(0);
    await locationButton(page).click();
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await stored()).orderType).toBe('delivery');
    await context.close();
  });

  it('groups a two-shop cart, applies a coupon, clears it on a change, and keeps the cart over a reload', async () => {
    const { page, context } = await newPage(browser);
    const greens = await inStockCard('green-barrow');
    const bread = await inStockCard('rise-and-crumb');

    await page.goto(productPath(greens));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await chooseFirstCollectionPoint(page);

    // From a product card this time, on the shop's products list.
    await addFromShopList(page, bread);

    await page.goto('/cart-details');
    const groups = page.getByRole('region');
    await page.getByRole('heading', { level: 2, name: greens.shop.name }).waitFor();
    await page.getByRole('heading', { level: 2, name: bread.shop.name }).waitFor();
    expect(await groups.count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    // Collection: no delivery charge line.
    expect(await page.getByTestId('cart-summary').innerText()).not.toContain('Delivery charge');

    await page.getByRole('textbox', { name: `Coupon code for ${bread.shop.name}` }).fill('BREAD15');
    await page.getByRole('button', { name: 'Apply' }).nth(1).click();
    await page.getByText(/Coupon BREAD15/).waitFor();
    expect(await page.getByTestId('cart-summary').innerText()).toContain('Coupon discount');
    await saveScreenshot(page, 'cart-details-desktop');

    await page.getByRole('button', { name: `Increase Quantity of ${bread.variation.full_name}` }).click();
    await toast(page, 'Please apply coupon again');
    // The new quantity is read out where the shopper is (the line's total changes out of sight).
    const announcer = page.getByTestId('announcer');
    await expect.poll(() => announcer.textContent()).toBe(`Quantity of ${bread.variation.full_name}: 2.`);
    expect(await announcer.getAttribute('aria-live')).toBe('polite');
    // Toasts (spec section 9): notices in the top right corner, gone after 2000 ms.
    const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Please apply coupon again' });
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeLessThan(150);
    expect(page.viewportSize()!.width - (box.x + box.width)).toBeLessThan(60);
    await notice.waitFor({ state: 'detached', timeout: 4000 });
    expect(await page.getByText(/Coupon BREAD15/).count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { level: 2, name: bread.shop.name }).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(2);
    expect(await page.getByLabel(`Quantity of ${bread.variation.full_name}`, { exact: true }).inputValue()).toBe('2');
    // A line removed is said too.
    await page.getByRole('button', { name: `Remove ${bread.variation.full_name}` }).click();
    await expect.poll(() => announcer.textContent()).toBe(`${bread.variation.full_name} removed from your cart.`);
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    await context.close();
  });

  it('keeps two tabs on one cart: what one adds shows in the other, and is never written over', async () => {
    const { page: first, context } = await newPage(browser);
    const greens = await inStockCard('green-barrow');
    const bread = await inStockCard('rise-and-crumb');
    const bun = await inStockCard('rise-and-crumb', 1);

    await first.goto(productPath(greens));
    await first.getByRole('button', { name: 'Add to cart' }).click();
    await chooseFirstCollectionPoint(first);
    await toast(first, 'Item added to cart');

    // A second tab, opened later, adds two more things.
    const second = await context.newPage();
    await second.goto('/products');
    await second.waitForSelector('html[data-hydrated="true"]');
    await addFromShopList(second, bread);
    await addFromShopList(second, bun);

    // The first tab, never reloaded, shows them at once in its header...
    await first.getByRole('button', { name: 'Cart, 3 items' }).waitFor();
    // ...and adds its product once more: nothing of the second tab's is lost.
    await first.getByRole('button', { name: 'Add to cart' }).click();
    await toast(first, 'Item added to cart');
    const stored = async (page: Page) =>
      page.evaluate(() => {
        const saved = JSON.parse(localStorage.getItem('parade-cart') ?? '{}') as {
          state?: { items?: { id: number; quantity: number }[] };
        };
        return Object.fromEntries((saved.state?.items ?? []).map((item) => [item.id, item.quantity]));
      });
    expect(await stored(first)).toEqual({ [greens.variation.id]: 2, [bread.variation.id]: 1, [bun.variation.id]: 1 });
    await first.getByRole('button', { name: 'Cart, 4 items' }).waitFor();
    await context.close();
  });

  it('adds the chosen variation and quantity from the product page; the dropdown groups by shop; the stepper edits', async () => {
    const { page, context } = await newPage(browser);
    const { page: product, other } = await productWithTwoVariations('green-barrow');
    const bread = await inStockCard('rise-and-crumb');

    await page.goto(`/${product.product.shop.slug}/product/${product.product.slug}/${product.variation.slug}`);
    await page.getByTestId('variation-option').filter({ hasText: other.name }).click();
    await expect.poll(() => page.getByTestId('variation-name').textContent()).toBe(other.full_name);
    // Typed as a shopper types: the 1 deleted, then 3. The box stays empty meanwhile (it used to
    // put 1 back at once, so the 3 made 13).
    const quantity = page.getByRole('textbox', { name: 'Quantity' });
    await quantity.click();
    await quantity.press('End');
    await quantity.press('Backspace');
    expect(await quantity.inputValue()).toBe('');
    await quantity.pressSequentially('3');
    expect(await quantity.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await chooseFirstCollectionPoint(page);
    await toast(page, 'Item added to cart');

    await addFromShopList(page, bread);
    // Success notices sit at the top centre.
    const added = page.locator('.mantine-Notification-root').filter({ hasText: 'Item added to cart' }).last();
    const addedBox = (await added.boundingBox())!;
    expect(Math.abs(addedBox.x + addedBox.width / 2 - page.viewportSize()!.width / 2)).toBeLessThan(40);
    expect(addedBox.y).toBeLessThan(150);

    // The header's dropdown: count, lines under their shop, subtotal, Checkout and View Cart.
    await page.getByTestId('cart-button').click();
    const dropdown = page.getByTestId('cart-dropdown');
    await dropdown.waitFor();
    const text = (await dropdown.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`${product.product.shop.name} ${other.full_name} ×3 ${pounds(other.price * 3)}`);
    expect(text).toContain(`${bread.shop.name} ${bread.variation.full_name} ×1 ${pounds(bread.price)}`);
    expect(await dropdown.getByTestId('cart-subtotal').innerText()).toBe(pounds(other.price * 3 + bread.price));
    expect(await page.getByTestId('cart-button').getAttribute('aria-label')).toBe('Cart, 4 items');
    await dropdown.getByRole('link', { name: 'Checkout' }).waitFor();
    await dropdown.getByRole('link', { name: 'View Cart' }).click();

    // The stepper: the Decrease button, a typed quantity, and 0 removing the line.
    const chosen = `Quantity of ${other.full_name}`;
    await page.getByRole('button', { name: `Decrease ${chosen}` }).click();
    await expect.poll(() => page.getByLabel(chosen, { exact: true }).inputValue()).toBe('2');
    await page.getByLabel(chosen, { exact: true }).fill('12');
    await page.getByLabel(chosen, { exact: true }).press('Enter');
    await expect
      .poll(async () => (await page.getByTestId('cart-summary').innerText()).replace(/\s+/g, ' '))
      .toContain(`Subtotal ${pounds(other.price * 12 + bread.price)}`);
    // Decrease lowers a quantity only while above 1 (spec section 3): at 1 it is off, so a tap
    // never deletes a line; a typed 0 does.
    const decreaseBread = page.getByRole('button', { name: `Decrease Quantity of ${bread.variation.full_name}` });
    expect(await decreaseBread.isDisabled()).toBe(true);
    const breadQuantity = page.getByLabel(`Quantity of ${bread.variation.full_name}`, { exact: true });
    await breadQuantity.fill('0');
    await breadQuantity.press('Enter');
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);

    // Cart thumbnails keep their small size on the page.
    const thumbnail = await page.getByTestId('cart-line').locator('img').first().boundingBox();
    expect(thumbnail?.width).toBeLessThanOrEqual(64);

    // "Clear cart" asks first: keeping the cart changes nothing; emptying it empties it.
    await page.getByRole('button', { name: 'Clear cart' }).click();
    const confirm = page.getByRole('dialog', { name: 'Empty your cart?' });
    await confirm.getByRole('button', { name: 'Keep my cart' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-line').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear cart' }).click();
    await confirm.getByRole('button', { name: 'Empty cart' }).click();
    await page.getByText('Your cart is empty.').waitFor();
    await page.reload();
    await page.getByText('Your cart is empty.').waitFor();
    await context.close();
  });

  it('spends reward points per shop when signed in', async () => {
    const login = await fetch(`${e2eServer().baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@parade.test', password: 'parade-customer-2026' }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const { page, context } = await newPage(browser);
    await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
    const card = await inStockCard('green-barrow', 2);
    await page.goto(productPath(card));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
    await modal.getByRole('radio').first().check();
    await modal.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Item added to cart');

    await page.goto('/cart-details');
    // The demo customer starts with 250 points there; a spec on the same server may have added
    // a delivered order's points since, so the label is read for what it says.
    const points = page.getByLabel(/Reward points at Green Barrow.*\(you have \d+\)/);
    await points.waitFor();
    const label = await page.getByText(/Reward points at Green Barrow.*\(you have \d+\)/).textContent();
    const held = Number(/\(you have (\d+)\)/.exec(label ?? '')?.[1]);
    expect(held).toBeGreaterThanOrEqual(250);
    // The box offers the most that can be used, and follows the cart: one more of the line, more points.
    expect(await points.inputValue()).toBe(String(Math.min(held, card.variation.price)));
    await page
      .getByRole('button', { name: /^Increase Quantity of / })
      .first()
      .click();
    await expect.poll(() => points.inputValue()).toBe(String(Math.min(held, card.variation.price * 2)));
    await page
      .getByRole('button', { name: /^Decrease Quantity of / })
      .first()
      .click();
    await expect.poll(() => points.inputValue()).toBe(String(Math.min(held, card.variation.price)));
    await page.getByRole('button', { name: 'Use points' }).click();
    const summary = page.getByTestId('cart-summary');
    expect(await summary.innerText()).toContain('Reward points');
    // 100 points are £1 off; the cheapest line there costs less than the 250 points are worth.
    expect(card.variation.price).toBeLessThanOrEqual(250);
    expect(await summary.innerText()).toMatch(/Total\s+£0\.00/);
    await context.close();
  });

  it('works on a phone', async () => {
    const { page, context } = await newPage(browser, viewports.mobile);
    const card = await inStockCard('green-barrow', 1);
    await page.goto(productPath(card));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
    await modal.getByRole('radio').first().check();
    await modal.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Item added to cart');
    await page.getByTestId('cart-button').click();
    await page.getByTestId('cart-dropdown').getByRole('link', { name: 'View Cart' }).click();
    await page.getByTestId('cart-line').first().waitFor();
    await saveScreenshot(page, 'cart-details-mobile');
    // Touch targets of 44 px (ui-and-demo.md): the stepper's buttons and the location strip.
    for (const control of [
      page.getByRole('button', { name: /^Increase Quantity of / }).first(),
      page.getByRole('button', { name: /^Decrease Quantity of / }).first(),
      page.getByRole('banner').getByTestId('location-button').filter({ visible: true }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // /cart-details leads on to the checkout: a guest logs in first and comes back to it.
    await page.getByRole('link', { name: 'Checkout', exact: true }).filter({ visible: true }).click();
    await page.waitForURL(/\/auth\/login\?redirect=%2Fcart$/);
    await context.close();
  });
});
