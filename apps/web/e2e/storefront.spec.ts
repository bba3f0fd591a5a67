import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoInApp, inFreshPage, launchBrowser, saveScreenshot, viewports } from './support/browser';
import { cardPrices, loadLazyImages, query } from './support/page-helpers';

/**
 * A new shopper on a desktop screen walks the public storefront against the real server and
 * its demo marketplace: home, the mega menu, filtered and sorted products, a product and its
 * variations, a shop, the blog, the contact form, search and the Not Found page.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const withPage = (run: (page: Page) => Promise<void>) => inFreshPage(browser, run);

const productCards = (page: Page) => page.getByTestId('product-card');
/** A form field by the start of its label (required fields add ' *'). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });

describe('storefront on a desktop screen', () => {
  it('shows the home page: slides, categories, products, shops and the footer from the settings', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      expect(await page.title()).toContain('Parade');
      expect(await page.getByRole('region', { name: 'Featured' }).count()).toBe(1);
      expect(await page.getByTestId('home-categories').getByRole('link', { name: 'Fruit & Veg' }).count()).toBe(1);
      expect(await page.getByTestId('home-products').getByTestId('product-card').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('home-popular').getByTestId('product-card').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('home-vendors').getByRole('link').count()).toBeGreaterThanOrEqual(8);

      const footer = page.getByTestId('site-footer');
      for (const text of ['Explore Great Value Family Shopping', 'E1 6AN', '020 7946 0100', 'hello@parade.test'])
        expect(await footer.getByText(text).count(), text).toBeGreaterThan(0);
      for (const link of ['Privacy Policy', 'Terms and Condition', 'Contact Us'])
        expect(await footer.getByRole('link', { name: link }).count(), link).toBe(1);
      for (const social of ['Facebook', 'Instagram', 'LinkedIn'])
        expect(await footer.getByRole('link', { name: new RegExp(social) }).getAttribute('href')).toMatch(/^https:/);
      expect(await footer.getByText(/© \d{4} .+ All rights reserved\./).count()).toBe(1);

      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'home-desktop');
    }));

  it('goes from the mega menu to filtered products, then sorts and narrows the price in the URL and the results', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByTestId('mega-menu-button').hover();
      const menu = page.getByTestId('mega-menu');
      await menu.waitFor();
      await menu.getByRole('button', { name: 'Fruit & Veg' }).hover();
      await menu.getByRole('link', { name: 'Fresh Fruit' }).click();
      await page.waitForURL(/\/products\?category=fruit-and-veg&sub=fresh-fruit$/);
      await page.getByRole('heading', { level: 1, name: 'Fresh Fruit' }).waitFor();

      // What the page lists is what the API answers for the same filters.
      const api = (await (
        await page.request.get('/api/products?category[0]=fruit-and-veg&sub=fresh-fruit')
      ).json()) as { data: { products: { total: number; data: { name: string }[] } } };
      await expect
        .poll(() => page.getByTestId('product-count').textContent())
        .toBe(`${api.data.products.total} products`);
      expect(await productCards(page).count()).toBe(api.data.products.data.length);
      expect(await productCards(page).first().getByRole('heading').textContent()).toBe(api.data.products.data[0]?.name);

      // Sort: highest price first, in the URL and in the cards.
      await page.getByLabel('Sort by').selectOption('sortHighPrice');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'sortHighPrice');
      expect(query(page)).toMatchObject({ category: 'fruit-and-veg', sub: 'fresh-fruit', sort: 'sortHighPrice' });
      await expect
        .poll(async () => {
          const prices = await cardPrices(page);
          return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! >= price);
        })
        .toBe(true);
      const highest = (await cardPrices(page))[0]!;

      // Price: move the maximum down by keyboard, below the dearest card (the slider's range runs to
      // the dearest variation, a larger size perhaps); the filter lands in the URL and every card obeys it.
      const maxThumb = page.getByRole('slider', { name: 'Maximum price' });
      await maxThumb.focus();
      for (let i = 0; i < 400 && Number(await maxThumb.getAttribute('aria-valuenow')) >= highest; i++) {
        await page.keyboard.press('ArrowLeft');
      }
      await expect.poll(() => Number(query(page).max_price ?? Number.POSITIVE_INFINITY)).toBeLessThan(highest);
      const maxPrice = Number(query(page).max_price);
      expect(query(page).min_price).toBeUndefined();
      expect(query(page).sort).toBe('sortHighPrice');
      await expect
        .poll(async () => {
          const prices = await cardPrices(page);
          return prices.length > 0 && prices.every((price) => price <= maxPrice);
        })
        .toBe(true);
      expect(await page.getByRole('button', { name: 'Remove filter Price range' }).count()).toBe(1);

      // A brand from the mega menu.
      await page.getByTestId('mega-menu-button').hover();
      await menu.getByRole('button', { name: 'Fruit & Veg' }).hover();
      await menu.getByRole('link', { name: 'Fresh Fruit' }).hover();
      await menu.getByRole('link', { name: 'Orchard Lane' }).click();
      await page.waitForURL(/\/products\?brand=orchard-lane$/);
      await page.getByRole('heading', { level: 1, name: 'Orchard Lane' }).waitFor();
      expect(await productCards(page).count()).toBeGreaterThan(0);
    }));

  it('works the mega menu by keyboard', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      const button = page.getByTestId('mega-menu-button');
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByTestId('mega-menu');
      await menu.waitFor();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      await menu.waitFor();
      let href: string | null = null;
      for (let i = 0; i < 25 && !href?.includes('sub='); i++) {
        await page.keyboard.press('Tab');
        href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);
      }
      expect(href).toMatch(/^\/products\?category=[\w-]+&sub=[\w-]+$/);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
      await menu.waitFor({ state: 'hidden' });
    }));

  it('adds Profile and Track Your Order to the navigation once signed in', () =>
    withPage(async (page) => {
      const login = await page.request.post('/api/auth/login', {
        data: { email: 'customer@parade.test', password: 'parade-customer-2026' },
      });
      expect(login.ok()).toBe(true);
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Products' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Track Your Order' }).count()).toBe(0);
      await page.evaluate((value) => localStorage.setItem('authToken', value), token);
      await page.reload();
      await nav.getByRole('link', { name: 'Track Your Order' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
      expect(await nav.getByRole('link', { name: 'Track Your Order' }).getAttribute('href')).toBe('/profile/orders');
    }));

  it('pages through all products, with the page only in the URL above 1, and passes axe', () =>
    withPage(async (page) => {
      await page.goto('/products');
      await productCards(page).first().waitFor();
      expect(await page.getByRole('slider', { name: 'Minimum price' }).getAttribute('aria-valuenow')).not.toBe('0');
      const firstOnPageOne = await productCards(page).first().getByRole('heading').textContent();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(/\/products\?page=2$/);
      await expect.poll(() => productCards(page).first().getByRole('heading').textContent()).not.toBe(firstOnPageOne);
      await page.getByRole('button', { name: 'Page 1' }).click();
      await page.waitForURL(/\/products$/);
      await expect.poll(() => productCards(page).first().getByRole('heading').textContent()).toBe(firstOnPageOne);
      expect(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'products-desktop');
    }));

  it('asks the API by the rules of spec section 5: sort always, price only when narrowed, page only above 1', () =>
    withPage(async (page) => {
      const asked: URLSearchParams[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/products') asked.push(url.searchParams);
      });
      const lastAsked = () => Object.fromEntries(asked.at(-1) ?? []);
      await gotoInApp(page, '/products');
      await productCards(page).first().waitFor();
      // No filter, no narrowed price, page 1: only the default sort (newest first).
      expect(lastAsked()).toEqual({ sort_by: 'date', sort_high: '1' });

      const sortBy = page.getByLabel('Sort by');
      const options = await sortBy
        .locator('option')
        .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
      expect(options.sort()).toEqual([
        'sortBestSelling',
        'sortHighPrice',
        'sortLowPrice',
        'sortNew',
        'sortOld',
        'sortTopRated',
      ]);
      const expected = {
        sortLowPrice: { sort_by: 'price', sort_high: '0' },
        sortHighPrice: { sort_by: 'price', sort_high: '1' },
        sortOld: { sort_by: 'date', sort_high: '0' },
        sortBestSelling: { sort_by: 'best_selling', sort_high: '1' },
        sortTopRated: { sort_by: 'rating', sort_high: '1' },
      };
      for (const [option, query] of Object.entries(expected)) {
        await sortBy.selectOption(option);
        await expect.poll(lastAsked).toEqual(query);
      }

      // Back to newest first (answered from the cache), then page 2.
      await sortBy.selectOption('sortNew');
      await page.waitForURL(/\/products$/);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await expect.poll(lastAsked).toEqual({ sort_by: 'date', sort_high: '1', page: '2' });
      await page.getByRole('button', { name: 'Page 1' }).click();
      await page.waitForURL(/\/products$/);
      // Page 1 again is answered from the cache or asked without a page: never page=1.
      expect(asked.some((query) => query.get('page') === '1')).toBe(false);

      const maxThumb = page.getByRole('slider', { name: 'Maximum price' });
      await maxThumb.focus();
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
      await page.waitForURL((url) => url.searchParams.has('max_price'));
      await expect.poll(() => lastAsked().max_price).toBe(query(page).max_price);
      expect(lastAsked().min_price).toBeUndefined();
      expect(asked.every((params) => ![...params.values()].includes(''))).toBe(true);
    }));

  it('runs the progress bar while a navigation loads', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      // Hold the blog's data back so the navigation takes a while (longer than the check below may
      // take on a loaded CI machine, so the bar is seen while the navigation is still out).
      await page.route('**/api/blog**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 6000));
        await route.continue().catch(() => undefined);
      });
      const bar = page.getByRole('progressbar', { name: 'Page loading' });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
      await expect
        .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 5000 })
        .toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe('/');
      await page.waitForURL(/\/blog$/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }));

  it('lets a keyboard alone pick a product, switch its variation and add it through the order type modal', () =>
    withPage(async (page) => {
      /** Presses Tab until the focused element matches the selector (and holds the text, if given). */
      const tabTo = async (selector: string, text?: string) => {
        for (let presses = 0; presses < 120; presses++) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(
            ([wanted, words]) => {
              const element = document.activeElement;
              return Boolean(element?.matches(wanted) && (!words || element.textContent?.includes(words)));
            },
            [selector, text ?? ''] as const,
          );
          if (focused) return;
        }
        throw new Error(`Tab never reached ${selector} ${text ?? ''}`);
      };
      await page.goto('/products');
      await productCards(page).first().waitFor();
      await tabTo('[data-testid="product-card"] a');
      await page.keyboard.press('Enter');
      await page.getByTestId('product-title').waitFor();
      const productUrl = page.url();

      await tabTo('[data-testid="variation-option"]:not([aria-current])');
      const chosen = await page.evaluate(() => document.activeElement?.querySelector('span')?.textContent ?? '');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.href !== productUrl);
      await expect.poll(() => page.getByTestId('variation-name').textContent()).toContain(chosen);

      await tabTo('button', 'Add to cart');
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog', { name: 'Choose Order Type' });
      await modal.waitFor();
      // The modal holds the focus: Tab walks its controls only.
      await tabTo('input[type="radio"]');
      expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Space');
      await tabTo('button', 'Continue');
      await page.keyboard.press('Enter');
      await modal.waitFor({ state: 'hidden' });
      await page.getByText('Item added to cart', { exact: true }).first().waitFor();
      expect(await page.getByTestId('cart-button').getAttribute('aria-label')).toBe('Cart, 1 item');
    }));

  it('shows the back-to-top button only beyond 20 px of scroll', () =>
    withPage(async (page) => {
      await page.goto('/products');
      await productCards(page).first().waitFor();
      const button = page.getByTestId('back-to-top');
      await page.evaluate(() => window.scrollTo({ top: 15, behavior: 'instant' }));
      await page.waitForTimeout(400);
      expect(await button.count()).toBe(0);
      await page.evaluate(() => window.scrollTo({ top: 25, behavior: 'instant' }));
      await button.waitFor();
    }));

  it('sizes and lazy-loads every picture below the fold', () =>
    withPage(async (page) => {
      for (const path of ['/', '/products', '/vendor/green-barrow']) {
        await page.goto(path);
        await productCards(page).first().waitFor();
        const images = await page.locator('img').evaluateAll((list) =>
          list.map((img) => ({
            src: img.getAttribute('src'),
            width: img.getAttribute('width'),
            height: img.getAttribute('height'),
            loading: img.getAttribute('loading'),
            top: img.getBoundingClientRect().top + window.scrollY,
          })),
        );
        expect(images.length, path).toBeGreaterThan(3);
        for (const image of images) {
          // A reserved size keeps the layout still while pictures arrive.
          expect(image.width && image.height, `${path} ${image.src}`).toBeTruthy();
          if (image.top > 1200) expect(image.loading, `${path} ${image.src}`).toBe('lazy');
        }
      }
    }));

  it('opens a product, switches variation in the URL and remembers recently opened products', () =>
    withPage(async (page) => {
      await page.goto('/products?search=braeburn');
      await productCards(page).first().waitFor();
      await productCards(page).getByRole('link', { name: 'Braeburn Apples' }).first().click();
      await page.waitForURL(/\/green-barrow\/product\/braeburn-apples\/[\w-]+$/);
      await page.getByTestId('product-title').waitFor();
      expect(await page.getByTestId('product-title').textContent()).toBe('Braeburn Apples');
      expect(await page.getByTestId('product-gallery').getByRole('img').count()).toBeGreaterThan(0);
      expect(await page.getByText(/In stock|Only \d+ left|Out of stock/).count()).toBeGreaterThan(0);

      const options = page.getByTestId('variation-option');
      expect(await options.count()).toBeGreaterThan(1);
      const current = page.locator('[data-testid="variation-option"][aria-current="true"]');
      const other = page.locator('[data-testid="variation-option"]:not([aria-current])').first();
      const otherHref = (await other.getAttribute('href'))!;
      const priceBefore = await page.getByTestId('product-price').textContent();
      const nameBefore = await page.getByTestId('variation-name').textContent();
      expect(await current.count()).toBe(1);
      await other.click();
      await page.waitForURL((url) => url.pathname === otherHref);
      await expect.poll(() => page.getByTestId('variation-name').textContent()).not.toBe(nameBefore);
      expect(await page.getByTestId('product-price').textContent()).not.toBe(priceBefore);

      // The 1kg bag is reduced: its old price is struck through.
      await page.goto('/green-barrow/product/braeburn-apples/1kg');
      await page.getByTestId('product-title').waitFor();
      expect(await page.locator('s').filter({ hasText: '£' }).count()).toBe(1);

      expect(await seriousA11yViolations(page)).toEqual([]);
      await loadLazyImages(page);
      await saveScreenshot(page, 'product-desktop');

      // Open a related product: the apples are then in the recently viewed list.
      const related = page.getByTestId('related-products').getByTestId('product-card').first();
      await related.getByRole('link').click();
      await page.waitForURL((url) => !url.pathname.includes('braeburn-apples'));
      await page.getByTestId('recently-viewed').waitFor();
      expect(await page.getByTestId('recently-viewed').getByRole('link', { name: 'Braeburn Apples' }).count()).toBe(1);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('parade.recently-viewed') ?? '{}'));
      const items = stored.state.items as { id: number; stored_at: string }[];
      expect(items.length).toBe(2);
      expect(new Set(items.map((item) => item.id)).size).toBe(2);
      for (const item of items) expect(Number.isNaN(Date.parse(item.stored_at))).toBe(false);
    }));

  it('keeps at most five recently opened products, unique and newest first', () =>
    withPage(async (page) => {
      await page.goto('/products?sort=sortLowPrice');
      await productCards(page).first().waitFor();
      const hrefs = await productCards(page)
        .getByRole('link')
        .evaluateAll((links) => links.slice(0, 7).map((link) => link.getAttribute('href')!));
      for (const href of [...hrefs, hrefs[0]!]) {
        await page.goto(href);
        await page.getByTestId('product-title').waitFor();
      }
      const items = await page.evaluate(
        () => JSON.parse(localStorage.getItem('parade.recently-viewed') ?? '{}').state.items as { slug: string }[],
      );
      expect(items).toHaveLength(5);
      expect(new Set(items.map((item) => item.slug)).size).toBe(5);
      expect(hrefs[0]).toContain(`/product/${items[0]!.slug}/`);
    }));

  it('shows a shop with its Home, Products, Featured, Offers and QR offers tabs', () =>
    withPage(async (page) => {
      await page.goto('/vendors');
      const card = page.getByTestId('shop-card').first();
      await card.waitFor();
      expect(await page.getByTestId('shop-card').count()).toBeGreaterThanOrEqual(8);
      const shopName = (await card.getByRole('heading').textContent())!;
      await card.getByRole('link').click();
      await page.waitForURL(/\/vendor\/[\w-]+$/);
      const slug = new URL(page.url()).pathname.split('/')[2]!;
      await page.getByRole('heading', { level: 1, name: shopName }).waitFor();
      await page.getByTestId('shop-home-products').getByTestId('product-card').first().waitFor();
      const tabs = page.getByRole('navigation', { name: `${shopName} sections` });
      expect(await tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      expect(await tabs.getByRole('link').allTextContents()).toEqual([
        'Home',
        'Products',
        'Featured',
        'Offers',
        'QR offers',
      ]);

      expect(await seriousA11yViolations(page)).toEqual([]);

      await tabs.getByRole('link', { name: 'Products' }).click();
      await page.waitForURL(`**/vendor/${slug}/products`);
      await productCards(page).first().waitFor();
      const count = await page.getByTestId('product-count').textContent();
      expect(count).toBe(await page.getByTestId('shop-product-count').textContent());
      const shopNames = await productCards(page).locator('p').filter({ hasText: shopName }).count();
      expect(shopNames).toBe(await productCards(page).count());

      await tabs.getByRole('link', { name: 'Featured' }).click();
      await page.waitForURL(`**/vendor/${slug}/featured`);
      await page.getByTestId('shop-featured').getByTestId('product-card').first().waitFor();
      expect(await tabs.getByRole('link', { name: 'Featured' }).getAttribute('aria-current')).toBe('page');
    }));

  it('lists blog posts, filters them by category and opens a post', () =>
    withPage(async (page) => {
      await page.goto('/blog');
      await page.getByTestId('post-card').first().waitFor();
      const categories = page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link');
      expect(await categories.count()).toBeGreaterThan(2);
      const category = categories.nth(1);
      const categoryName = (await category.evaluate((link) => link.firstChild?.textContent ?? link.textContent))!
        .replace(/\d+$/, '')
        .trim();
      await category.click();
      await page.waitForURL(/\/blog\?category=[\w-]+$/);
      await page.getByRole('heading', { level: 1, name: categoryName }).waitFor();
      await expect
        .poll(async () => {
          const badges = await page.getByTestId('post-card').locator('.mantine-Badge-label').allTextContents();
          return badges.length > 0 && badges.every((badge) => badge.toLowerCase() === categoryName.toLowerCase());
        })
        .toBe(true);

      const post = page.getByTestId('post-card').first();
      const title = (await post.getByRole('heading').textContent())!;
      await post.getByRole('link').click();
      await page.waitForURL(/\/blog\/[\w-]+$/);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.title()).toBe(`${title} | Parade`);
      expect(await page.getByRole('article').locator('p').count()).toBeGreaterThan(0);
    }));

  it('validates the contact form and sends it', () =>
    withPage(async (page) => {
      await page.goto('/contact');
      const form = page.locator('form', { has: page.getByRole('button', { name: 'Send message' }) });
      await form.waitFor();
      await page.getByRole('button', { name: 'Send message' }).click();
      // The form's rules (the API's schema, with zod) load with the form: the first check may
      // come a moment after the click (decision 039).
      await form.getByText('Please enter your name').waitFor();
      for (const message of [
        'Please enter your name',
        'Please enter your e-mail address',
        'Please enter a subject',
        'Please enter a message',
      ])
        expect(await form.getByText(message).count(), message).toBe(1);

      await field(page, 'Your name').fill('R2-D2');
      await field(page, 'E-mail address').fill('not-an-email');
      await page.getByRole('button', { name: 'Send message' }).click();
      expect(await form.getByText('Names may only contain letters, spaces, hyphens and dots').count()).toBe(1);
      expect(await form.getByText('Please enter a valid e-mail address').count()).toBe(1);
      expect(await field(page, 'Your name').getAttribute('aria-invalid')).toBe('true');

      await field(page, 'Your name').fill('Mary-Jane O. Smith');
      await field(page, 'E-mail address').fill('mary@example.test');
      await field(page, 'Subject').fill('Opening hours at Easter');
      await field(page, 'Message').fill('Will the parade be open on Easter Monday?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByTestId('contact-success').waitFor();
      await page.getByRole('alert').filter({ hasText: 'Message sent' }).waitFor();
      expect(await page.getByTestId('contact-success').textContent()).toContain('mary@example.test');
      expect(await field(page, 'Your name').inputValue()).toBe('');
    }));

  it('searches with the autocomplete by typing, by picking and by Enter', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      const search = page.getByRole('combobox', { name: 'Search products' });
      // The server's page shows before it works: the search box (and its keyboard shortcut) is
      // there once the page has hydrated and the box's code has loaded.
      await search.waitFor();

      // A letter typed with nothing focused goes into the search box.
      await page.locator('body').click({ position: { x: 5, y: 400 } });
      await page.keyboard.press('b');
      await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await search.inputValue()).toBe('b');
      await page.getByText('Type to search').waitFor();

      await search.pressSequentially('raeb', { delay: 30 });
      const option = page.getByTestId('search-option').filter({ hasText: 'Braeburn Apples' }).first();
      await option.waitFor();
      expect((await option.getByRole('img').count()) + (await option.locator('img').count())).toBeGreaterThan(0);
      await option.click();
      await page.waitForURL(/\/green-barrow\/product\/braeburn-apples\/[\w-]+$/);
      await page.getByTestId('product-title').waitFor();

      await search.fill('zzqxqz');
      await page.getByText('No product found').waitFor();

      // Fewer than 3 characters ask nothing; typing on asks once, when typing pauses.
      const searches: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/search')) searches.push(request.postDataJSON().search);
      });
      await search.fill('');
      await search.pressSequentially('ba', { delay: 60 });
      await page.waitForTimeout(900);
      expect(searches).toEqual([]);
      await search.pressSequentially('guet', { delay: 60 });
      await page.getByTestId('search-option').filter({ hasText: 'Baguette' }).first().waitFor();
      expect(searches).toEqual(['baguet']);

      // A digit typed with nothing focused goes into the search box too.
      await search.fill('');
      await page.keyboard.press('Escape');
      await page.locator('body').click({ position: { x: 5, y: 400 } });
      await search.evaluate((input) => (input as HTMLInputElement).blur());
      await page.keyboard.press('7');
      await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await search.inputValue()).toBe('7');

      await search.fill('apple');
      await search.press('Enter');
      await page.waitForURL(/\/products\?search=apple$/);
      await page.getByRole('heading', { level: 1, name: 'Results for “apple”' }).waitFor();
      await productCards(page).first().waitFor();
      expect(await search.inputValue()).toBe('apple');
    }));

  it('ignores a link to the page already shown and brings the shopper back to the top', () =>
    inFreshPage(
      browser,
      async (page) => {
        await page.goto('/products');
        await productCards(page).first().waitFor();
        await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
        await page.getByTestId('back-to-top').waitFor();
        const requests: string[] = [];
        page.on('request', (request) => requests.push(request.url()));
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
        await page.waitForTimeout(400);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
        expect(requests.filter((url) => url.includes('/api/products'))).toEqual([]);

        const started = Date.now();
        await page.getByTestId('back-to-top').click();
        await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
        expect(Date.now() - started).toBeGreaterThan(500);

        // A real navigation scrolls to the top of the next page.
        await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shops' }).click();
        await page.waitForURL(/\/vendors$/);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      },
      viewports.desktop,
      'no-preference',
    ));

  it('jumps back to the top at once for a shopper who asks for reduced motion', () =>
    withPage(async (page) => {
      await page.goto('/products');
      await productCards(page).first().waitFor();
      await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
      await page.getByTestId('back-to-top').click();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }));

  it('answers unknown pages and products with Not Found', () =>
    withPage(async (page) => {
      await page.goto('/no/such/page');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.title()).toBe('Page not found | Parade');
      await page.goto('/green-barrow/product/no-such-product/each');
      await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
    }));

  it("shows the spec's error message when the API fails, and loads again on Try again", () =>
    withPage(async (page) => {
      let failing = true;
      await page.route('**/api/home', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({
                status: false,
                message: 'Something went wrong, Please Try Again Later',
                errors: {},
              }),
            })
          : route.continue(),
      );
      await gotoInApp(page, '/');
      await page.getByText('Something went wrong, Please Try Again Later').waitFor({ timeout: 20_000 });
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
      failing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('home-categories').waitFor();
    }));

  it('renders the static pages and UBM Deals from the API', () =>
    withPage(async (page) => {
      await page.goto('/privacy-policy');
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
      await page.goto('/terms-and-condition');
      await page.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
      await page.goto('/ubm-offers');
      await page.getByRole('heading', { level: 1, name: 'UBM Deals' }).waitFor();
      await page.getByTestId('deal-card').first().waitFor();
    }));
});
