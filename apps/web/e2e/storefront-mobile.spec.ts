import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inFreshPage, launchBrowser, saveScreenshot, viewports } from './support/browser';
import { waitForMail } from './support/mail';
import { cardPrices, loadLazyImages, query } from './support/page-helpers';

/** The same shopper on a 390 x 844 phone: the drawers replace the desktop navigation. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const withPhone = (run: (page: Page) => Promise<void>) => inFreshPage(browser, run, viewports.mobile);

/** On the home page, taps the header's search box and types, as a thumb would. */
async function typeInPhoneSearch(page: Page, text: string) {
  await page.goto('/');
  await page.getByTestId('home-categories').waitFor();
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.tap();
  await search.pressSequentially(text, { delay: 20 });
  return search;
}

const productCards = (page: Page) => page.getByTestId('product-card');
/** A form field by the start of its label (required fields add ' *'). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Opens the navigation drawer from the phone header and taps one of its links. */
async function tapMenuLink(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  await menu.getByRole('link', { name, exact: true }).tap();
  await menu.waitFor({ state: 'detached' });
}

/** The box of an element once it stops moving (a drawer slides in first). */
async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const box = await locator.boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The element kept moving');
}

/** One finger pressed at `from`, slid to `to` and lifted, as a shopper drags a slider thumb. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let step = 1; step <= 10; step++) {
      const point = { x: from.x + ((to.x - from.x) * step) / 10, y: from.y + ((to.y - from.y) * step) / 10 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

interface ApiProductList {
  data: { products: { total: number; data: { name: string }[] } };
}

describe('storefront on a 390 x 844 phone', () => {
  it('shows the home page with the phone header and the mobile slide pictures', () =>
    withPhone(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'My account' }).isVisible()).toBe(true);
      expect(await page.getByTestId('mega-menu-button').isVisible()).toBe(false);
      // The search box loads just after the server's page has hydrated (a same-size placeholder until then).
      await page.getByRole('combobox', { name: 'Search products' }).waitFor();

      // The first slide shows its square mobile picture.
      const slide = page.getByRole('region', { name: 'Featured' }).locator('img').first();
      await expect.poll(() => slide.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/slides-mobile/');

      // No horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'home-mobile');
    }));

  it('browses from the navigation drawer through the category drawer to filtered products', () =>
    withPhone(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      expect(await menu.getByRole('link').allTextContents()).toEqual(
        expect.arrayContaining(['Home', 'Products', 'Shops', 'Blog', 'UBM Deals', 'Contact Us']),
      );
      await menu.getByRole('button', { name: 'Shop by category' }).click();
      const categories = page.getByRole('dialog', { name: 'Shop by category' });
      await categories.waitFor();
      await menu.waitFor({ state: 'detached' });
      await categories.getByRole('button', { name: 'Fruit & Veg' }).click();
      await categories.getByRole('button', { name: 'Fresh Fruit' }).click();
      await categories.getByRole('link', { name: 'All Fresh Fruit' }).click();
      await page.waitForURL(/\/products\?category=fruit-and-veg&sub=fresh-fruit$/);
      await categories.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Fresh Fruit' }).waitFor();
      await productCards(page).first().waitFor();

      // The drawers close with Escape and give focus back.
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await menu.waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      // A brand from the category drawer.
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await menu.getByRole('button', { name: 'Shop by category' }).click();
      await categories.getByRole('button', { name: 'Fruit & Veg' }).click();
      await categories.getByRole('button', { name: 'Fresh Fruit' }).click();
      await categories.getByRole('link', { name: /Orchard Lane/ }).click();
      await page.waitForURL(/\/products\?brand=orchard-lane$/);
    }));

  it('filters, sorts and reads the products on a phone', () =>
    withPhone(async (page) => {
      await page.goto('/products');
      await productCards(page).first().waitFor();
      // Touch targets of 44 px (ui-and-demo.md): a card's Add button and its heart (drawn once hydrated).
      const firstCard = productCards(page).first();
      await firstCard.getByTestId('favourite-product').waitFor();
      for (const control of [
        firstCard.getByRole('button', { name: /^Add / }),
        firstCard.getByTestId('favourite-product'),
      ]) {
        const box = (await control.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      await page.getByLabel('Sort by').selectOption('sortLowPrice');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'sortLowPrice');

      await page.getByRole('button', { name: /^Filters/ }).click();
      const filters = page.getByRole('dialog', { name: 'Filters' });
      await filters.waitFor();
      await filters.getByLabel('Category', { exact: true }).selectOption('fruit-and-veg');
      await page.waitForURL((url) => url.searchParams.get('category') === 'fruit-and-veg');
      expect(query(page)).toMatchObject({ category: 'fruit-and-veg', sort: 'sortLowPrice' });
      await filters.getByRole('button', { name: /^Show \d+ products?$/ }).click();
      await filters.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Fruit & Veg' }).waitFor();
      expect(await page.getByRole('button', { name: 'Filters (1)' }).count()).toBe(1);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'products-mobile');
    }));

  it('opens a product and switches its variation on a phone', () =>
    withPhone(async (page) => {
      await page.goto('/green-barrow/product/braeburn-apples/each');
      await page.getByTestId('product-title').waitFor();
      const option = page.getByTestId('variation-option').filter({ hasText: '1kg' });
      await option.click();
      await page.waitForURL(/\/braeburn-apples\/1kg$/);
      await expect.poll(() => page.getByTestId('variation-name').textContent()).toBe('Braeburn Apples 1kg');
      expect(await option.getAttribute('aria-current')).toBe('true');
      const box = await option.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'product-mobile');
    }));

  it('searches from the phone header and uses the navigation drawer links', () =>
    withPhone(async (page) => {
      await typeInPhoneSearch(page, 'sourdough');
      const option = page.getByTestId('search-option').first();
      await option.waitFor();
      await option.tap();
      await page.waitForURL(/\/product\//);
      await page.getByTestId('product-title').waitFor();

      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Blog' }).click();
      await page.waitForURL(/\/blog$/);
      await page.getByTestId('post-card').first().waitFor();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'detached' });
    }));

  it('shows the shop tabs and the Not Found page on a phone', () =>
    withPhone(async (page) => {
      await page.goto('/vendor/rise-and-crumb');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Products', exact: true }).last().click();
      await page.waitForURL(/\/vendor\/rise-and-crumb\/products$/);
      await productCards(page).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.goto('/this/does/not/exist');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    }));

  it('narrows the price by dragging the slider thumbs in the filter drawer, in the URL and the results', () =>
    withPhone(async (page) => {
      await page.goto('/products');
      await productCards(page).first().waitFor();
      const everything = Number.parseInt((await page.getByTestId('product-count').textContent())!, 10);
      expect(everything).toBeGreaterThan(1);

      await page.getByRole('button', { name: 'Filters', exact: true }).tap();
      const filters = page.getByRole('dialog', { name: 'Filters' });
      await filters.waitFor();
      const minThumb = filters.getByRole('slider', { name: 'Minimum price' });
      const maxThumb = filters.getByRole('slider', { name: 'Maximum price' });
      await expect.poll(() => maxThumb.getAttribute('aria-valuemax')).not.toBe('1');
      const lowest = Number(await minThumb.getAttribute('aria-valuemin'));
      const highest = Number(await maxThumb.getAttribute('aria-valuemax'));
      const minBox = await settledBox(minThumb);
      const maxBox = await settledBox(maxThumb);
      const y = maxBox.y + maxBox.height / 2;
      const left = minBox.x + minBox.width / 2;
      const right = maxBox.x + maxBox.width / 2;

      // The finger drags the maximum to about 40% of the track: only max_price joins the URL.
      await touchDrag(page, { x: right, y }, { x: left + (right - left) * 0.4, y });
      await page.waitForURL((url) => url.searchParams.has('max_price'));
      const maxPrice = Number(query(page).max_price);
      expect(maxPrice).toBeGreaterThan(lowest);
      expect(maxPrice).toBeLessThan(highest);
      expect(query(page).min_price).toBeUndefined();
      expect(Number(await maxThumb.getAttribute('aria-valuenow'))).toBe(maxPrice);

      // Then the minimum to about 10%: both ends are in the URL.
      await touchDrag(page, { x: left, y }, { x: left + (right - left) * 0.1, y });
      await page.waitForURL((url) => url.searchParams.has('min_price'));
      const minPrice = Number(query(page).min_price);
      expect(minPrice).toBeGreaterThan(lowest);
      expect(minPrice).toBeLessThan(maxPrice);
      expect(query(page)).toEqual({ min_price: String(minPrice), max_price: String(maxPrice) });
      const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;
      expect(await filters.getByTestId('price-range-value').textContent()).toBe(
        `${pounds(minPrice)} – ${pounds(maxPrice)}`,
      );

      // The drawer's button counts what the API finds in that range, fewer than before.
      const api = (await (
        await page.request.get(`/api/products?min_price=${minPrice}&max_price=${maxPrice}`)
      ).json()) as ApiProductList;
      const total = api.data.products.total;
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThan(everything);
      const show = filters.getByRole('button', { name: /^Show \d+ products?$/ });
      await expect.poll(() => show.textContent()).toBe(`Show ${total} ${total === 1 ? 'product' : 'products'}`);
      await show.tap();
      await filters.waitFor({ state: 'detached' });

      // Every card shown is within the range, and the list says how many there are.
      await expect
        .poll(async () => {
          const prices = await cardPrices(page);
          return prices.length > 0 && prices.every((price) => price >= minPrice && price <= maxPrice);
        })
        .toBe(true);
      expect(await page.getByTestId('product-count').textContent()).toBe(`${total} products`);
      expect(await page.getByRole('button', { name: 'Filters (1)' }).isVisible()).toBe(true);
      const chip = page.getByRole('button', { name: 'Remove filter Price range' });
      expect(await chip.isVisible()).toBe(true);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);

      // Removing the chip drops the range from the URL and brings every product back.
      await chip.tap();
      await page.waitForURL((url) => !url.searchParams.has('min_price') && !url.searchParams.has('max_price'));
      await expect.poll(() => page.getByTestId('product-count').textContent()).toBe(`${everything} products`);
    }));

  it('offers the five sort options and Top rated on a phone and lists the cards in the order the API gives', () =>
    withPhone(async (page) => {
      await page.goto('/products?category=fruit-and-veg');
      await productCards(page).first().waitFor();
      const sort = page.getByLabel('Sort by');
      expect(await sort.isVisible()).toBe(true);
      expect(await sort.locator('option').allTextContents()).toEqual([
        'Newest first',
        'Oldest first',
        'Price: low to high',
        'Price: high to low',
        'Best selling',
        'Top rated',
      ]);
      expect(await sort.inputValue()).toBe('sortNew');

      const orders = [
        { option: 'sortLowPrice', sortBy: 'price', sortHigh: 0 },
        { option: 'sortHighPrice', sortBy: 'price', sortHigh: 1 },
        { option: 'sortOld', sortBy: 'date', sortHigh: 0 },
        { option: 'sortBestSelling', sortBy: 'best_selling', sortHigh: 1 },
        { option: 'sortTopRated', sortBy: 'rating', sortHigh: 1 },
        // Back to the default: the sort leaves the URL.
        { option: 'sortNew', sortBy: 'date', sortHigh: 1 },
      ] as const;
      const firstNames = new Set<string>();
      for (const { option, sortBy, sortHigh } of orders) {
        await sort.selectOption(option);
        await page.waitForURL((url) =>
          option === 'sortNew' ? !url.searchParams.has('sort') : url.searchParams.get('sort') === option,
        );
        expect(query(page).category, option).toBe('fruit-and-veg');
        const api = (await (
          await page.request.get(`/api/products?category[0]=fruit-and-veg&sort_by=${sortBy}&sort_high=${sortHigh}`)
        ).json()) as ApiProductList;
        const names = api.data.products.data.map((product) => product.name);
        await expect
          .poll(() => productCards(page).getByRole('heading').allTextContents(), { message: option })
          .toEqual(names);
        firstNames.add(names[0]!);
        if (sortBy === 'price') {
          const prices = await cardPrices(page);
          expect(
            prices.every((price, i) => i === 0 || (sortHigh ? prices[i - 1]! >= price : prices[i - 1]! <= price)),
            `${option}: ${prices.join(', ')}`,
          ).toBe(true);
          expect(prices[0]).not.toBe(prices.at(-1));
        }
      }
      // The options really reorder the list.
      expect(firstNames.size).toBeGreaterThan(2);
    }));

  it('reads the blog on a phone: the list from the drawer, a category and a post', () =>
    withPhone(async (page) => {
      const categoriesReply = (await (await page.request.get('/api/blog/categories')).json()) as {
        data: { name: string; slug: string; posts_count: number }[];
      };
      const category = categoriesReply.data.find((c) => c.posts_count > 0 && c.posts_count <= 9)!;
      expect(category).toBeDefined();

      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      await tapMenuLink(page, 'Blog');
      await page.waitForURL(/\/blog$/);
      await page.getByTestId('post-card').first().waitFor();
      const categories = page.getByRole('navigation', { name: 'Blog categories' });
      expect(await categories.getByRole('link', { name: 'All posts' }).getAttribute('aria-current')).toBe('page');

      const link = categories.getByRole('link', { name: new RegExp(`^${category.name}`) });
      await link.tap();
      await page.waitForURL(new RegExp(`/blog\\?category=${category.slug}$`));
      await page.getByRole('heading', { level: 1, name: category.name }).waitFor();
      await expect
        .poll(async () => {
          const badges = await page.getByTestId('post-card').locator('.mantine-Badge-label').allTextContents();
          return badges.length === category.posts_count && badges.every((badge) => badge === category.name);
        })
        .toBe(true);
      expect(await link.getAttribute('aria-current')).toBe('page');
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);

      const post = page.getByTestId('post-card').first();
      const title = (await post.getByRole('heading').textContent())!;
      await post.getByRole('link', { name: title }).tap();
      await page.waitForURL(/\/blog\/[\w-]+$/);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.title()).toBe(`${title} | Parade`);
      expect(await page.getByRole('article').locator('p').count()).toBeGreaterThan(0);
      expect(
        await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: category.name }).count(),
      ).toBe(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    }));

  it('validates the contact form on a phone and sends it', () =>
    withPhone(async (page) => {
      // Its own shopper for the contact form's per-address limit.
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.88.${process.pid % 250}.7` });
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      await tapMenuLink(page, 'Contact Us');
      await page.waitForURL(/\/contact$/);
      const send = page.getByRole('button', { name: 'Send message' });
      const form = page.locator('form', { has: send });
      await form.waitFor();

      // The form's rules load as it mounts (decision 039): the first messages may take a moment.
      await send.tap();
      for (const message of [
        'Please enter your name',
        'Please enter your e-mail address',
        'Please enter a subject',
        'Please enter a message',
      ])
        await form.getByText(message).waitFor();

      await field(page, 'Your name').fill('R2-D2');
      await field(page, 'E-mail address').fill('not-an-email');
      await send.tap();
      await form.getByText('Names may only contain letters, spaces, hyphens and dots').waitFor();
      await form.getByText('Please enter a valid e-mail address').waitFor();
      expect(await field(page, 'Your name').getAttribute('aria-invalid')).toBe('true');
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);

      await field(page, 'Your name').fill('Mary-Jane O. Smith');
      await field(page, 'E-mail address').fill('mary.phone@example.test');
      await field(page, 'Subject').fill('Parking on the parade');
      await field(page, 'Message').fill('Is there parking near the parade on Saturdays?');
      await send.tap();
      const success = page.getByTestId('contact-success');
      await success.waitFor();
      expect(await success.isVisible()).toBe(true);
      expect(await success.textContent()).toContain('Thank you, your message has been sent');
      expect(await success.textContent()).toContain('mary.phone@example.test');
      expect(await page.getByRole('alert').filter({ hasText: 'Message sent' }).isVisible()).toBe(true);
      expect(await field(page, 'Your name').inputValue()).toBe('');
      expect(await form.getByText('Please enter a subject').count()).toBe(0);
      // The message reaches the shop's mailbox (the site e-mail) through the real SMTP server.
      const mail = await waitForMail('hello@parade.test', /^Contact form: Parking on the parade$/);
      expect(mail.text).toContain('Is there parking near the parade on Saturdays?');
      expect(mail.text).toContain('mary.phone@example.test');
    }));

  it('searches by Enter from the phone header and lists the results', () =>
    withPhone(async (page) => {
      const search = await typeInPhoneSearch(page, 'apple');
      await page.getByTestId('search-option').first().waitFor();
      await search.press('Enter');
      await page.waitForURL(/\/products\?search=apple$/);
      await page.getByRole('heading', { level: 1, name: 'Results for “apple”' }).waitFor();
      await productCards(page).first().waitFor();

      const api = (await (await page.request.get('/api/products?search=apple')).json()) as ApiProductList;
      expect(api.data.products.total).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByTestId('product-count').textContent())
        .toBe(`${api.data.products.total} ${api.data.products.total === 1 ? 'product' : 'products'}`);
      expect(await productCards(page).getByRole('heading').allTextContents()).toEqual(
        api.data.products.data.map((product) => product.name),
      );
      expect(await search.inputValue()).toBe('apple');
      // The suggestions are out of the way of the results.
      await expect.poll(() => page.getByTestId('search-dropdown').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Remove filter Search: apple' }).isVisible()).toBe(true);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    }));

  it('opens a shop from the navigation drawer, and the shop page passes axe', () =>
    withPhone(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      await tapMenuLink(page, 'Shops');
      await page.waitForURL(/\/vendors$/);
      const card = page.getByTestId('shop-card').first();
      await card.waitFor();
      const shopName = (await card.getByRole('heading').textContent())!;
      await card.getByRole('link').first().tap();
      await page.waitForURL(/\/vendor\/[\w-]+$/);
      await page.getByRole('heading', { level: 1, name: shopName }).waitFor();
      await page.getByTestId('shop-home-products').getByTestId('product-card').first().waitFor();
      const tabs = page.getByRole('navigation', { name: `${shopName} sections` });
      expect(await tabs.isVisible()).toBe(true);
      expect(await tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');

      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'shop-mobile');
    }));
  it('shows both order types whole in the location modal, and drops its alert once a point is picked', () =>
    withPhone(async (page) => {
      await page.goto('/products');
      await page.getByRole('button', { name: /^Order type and location/ }).tap();
      const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
      await modal.waitFor();
      // Each label is drawn whole: no text cut off at the button's edge ("Collection Orde").
      for (const name of ['Collection Order', 'Delivery Order']) {
        const cut = await modal.getByRole('button', { name }).evaluate((button) => {
          const label = button.querySelector('.mantine-Button-label') ?? button;
          return label.scrollWidth > label.clientWidth + 1;
        });
        expect(cut, name).toBe(false);
      }
      await modal.getByRole('button', { name: 'Collection Order' }).tap();
      await modal.getByRole('button', { name: 'Continue' }).tap();
      const alert = modal.getByRole('alert');
      await alert.getByText('PLEASE SELECT A COLLECTION POINT').waitFor();
      await modal.getByRole('radio').first().check();
      // Answered: the alert goes, as it does when the order type changes.
      await alert.waitFor({ state: 'detached' });
      await saveScreenshot(page, 'location-modal-mobile');
    }));
});
