import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoInApp, inFreshPage, launchBrowser } from './support/browser';

/**
 * The storefront's content on a desktop screen against the real server and its demo data: the
 * paged blog and its dates, UBM Deals, the home page sliders and brands, the generic error on a
 * failed request, and each page's title and meta description.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const withPage = (run: (page: Page) => Promise<void>) => inFreshPage(browser, run);

const GENERIC_ERROR = 'Something went wrong, Please Try Again Later';
/** Spec section 9: DD-MMM-YYYY, e.g. 05-Nov-2026. */
const DATE_PATTERN = /^\d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{4}$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO instant as DD-MMM-YYYY on the shopper's (London) calendar. */
function londonDate(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}-${MONTHS[Number(part('month')) - 1]}-${part('year')}`;
}

interface ApiPost {
  slug: string;
  title: string;
  excerpt: string;
  published_at: string;
  cover_image: string | null;
}
interface ApiBlogList {
  posts: { data: ApiPost[]; last_page: number };
  latestPost: ApiPost[];
}
interface ApiDeal {
  id: number;
  title: string;
  [key: string]: unknown;
}
interface ApiDeals {
  data: { data: ApiDeal[]; current_page: number; last_page: number; per_page: number; total: number };
}
interface ApiHome {
  data: {
    brands: { name: string; slug: string }[];
    sliders: {
      type: string;
      image: string;
      title: string | null;
      caption: string | null;
      link: string | null;
    }[];
  };
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), url).toBe(true);
  return (await response.json()) as T;
}

const postTitles = (page: Page) => page.getByTestId('post-card').getByRole('heading').allTextContents();
const dealTitles = (page: Page) => page.getByTestId('deal-card').getByRole('heading').allTextContents();
const metaDescription = (page: Page) =>
  page.evaluate(() => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? null);

describe('storefront content on a desktop screen', () => {
  it('pages through the blog with the pager: the page in the URL and other posts on page 2', () =>
    withPage(async (page) => {
      const first = await getJson<ApiBlogList>(page, '/api/blog');
      const second = await getJson<ApiBlogList>(page, '/api/blog?page=2');
      expect(first.posts.last_page).toBeGreaterThan(1);
      const firstTitles = first.posts.data.map((post) => post.title);
      const secondTitles = second.posts.data.map((post) => post.title);

      await page.goto('/blog');
      await page.getByTestId('post-card').first().waitFor();
      expect(await postTitles(page)).toEqual(firstTitles);
      const pager = page.getByRole('navigation', { name: 'Blog pages' });
      expect(await pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

      await pager.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(/\/blog\?page=2$/);
      await expect.poll(() => postTitles(page)).toEqual(secondTitles);
      expect(secondTitles.length).toBeGreaterThan(0);
      expect(secondTitles.filter((title) => firstTitles.includes(title))).toEqual([]);
      expect(await pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

      // A reload keeps page 2; the previous-page control goes back to /blog without a page.
      await page.reload();
      await page.getByTestId('post-card').first().waitFor();
      expect(await postTitles(page)).toEqual(secondTitles);
      await pager.getByRole('button', { name: 'Previous page' }).click();
      await page.waitForURL(/\/blog$/);
      await expect.poll(() => postTitles(page)).toEqual(firstTitles);
    }));

  it("draws the demo blog covers' titles inside the picture, measured in the browser's own font", () =>
    withPage(async (page) => {
      const list = await getJson<ApiBlogList>(page, '/api/blog');
      await page.goto('/blog');
      const covers = list.posts.data.map((post) => post.cover_image).filter((url): url is string => Boolean(url));
      expect(covers.length).toBeGreaterThan(0);
      // Each cover's SVG drawn in the page, where each line of text can be measured.
      const overflowing = await page.evaluate(async (urls) => {
        const found: string[] = [];
        for (const url of urls) {
          const svg = new DOMParser().parseFromString(await (await fetch(url)).text(), 'image/svg+xml')
            .documentElement as unknown as SVGSVGElement;
          document.body.append(svg);
          const width = svg.viewBox.baseVal.width;
          for (const text of svg.querySelectorAll('text')) {
            const box = text.getBBox();
            if (box.x < 0 || box.x + box.width > width) found.push(`${url}: ${text.textContent}`);
          }
          svg.remove();
        }
        return found;
      }, covers);
      expect(overflowing).toEqual([]);
    }));

  it('shows blog dates as DD-MMM-YYYY on the list, in the latest posts and on a post', () =>
    withPage(async (page) => {
      const list = await getJson<ApiBlogList>(page, '/api/blog');
      await page.goto('/blog');
      await page.getByTestId('post-card').first().waitFor();

      const cardDates = await page.getByTestId('post-card').locator('time').allTextContents();
      expect(cardDates).toHaveLength(list.posts.data.length);
      for (const date of cardDates) expect(date).toMatch(DATE_PATTERN);
      expect(cardDates).toEqual(list.posts.data.map((post) => londonDate(post.published_at)));

      const latest = page.getByRole('complementary', { name: 'Latest posts' });
      const latestDates = await latest.locator('time').allTextContents();
      expect(latestDates.length).toBeGreaterThan(0);
      for (const date of latestDates) expect(date).toMatch(DATE_PATTERN);
      expect(latestDates).toEqual(list.latestPost.map((post) => londonDate(post.published_at)));

      const post = list.posts.data[0]!;
      await page.getByTestId('post-card').first().getByRole('link', { name: post.title }).click();
      await page.waitForURL(`**/blog/${post.slug}`);
      await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
      const postDate = await page.getByRole('article').locator('time').first().textContent();
      expect(postDate).toMatch(DATE_PATTERN);
      expect(postDate).toBe(londonDate(post.published_at));
      expect(postDate).toBe(cardDates[0]);
    }));

  it('lists the platform deals of GET /api/ubm-offers, page by page', () =>
    withPage(async (page) => {
      const first = await getJson<ApiDeals>(page, '/api/ubm-offers');
      const lastPage = first.data.last_page;
      expect(first.data.data.length).toBeGreaterThan(0);

      await page.goto('/ubm-offers');
      await page.getByRole('heading', { level: 1, name: 'UBM Deals' }).waitFor();
      await page.getByTestId('deal-card').first().waitFor();
      const pager = page.getByRole('navigation', { name: 'Deal pages' });
      for (let current = 1; current <= lastPage; current++) {
        const reply = current === 1 ? first : await getJson<ApiDeals>(page, `/api/ubm-offers?page=${current}`);
        await expect
          .poll(() => dealTitles(page), { message: `page ${current}` })
          .toEqual(reply.data.data.map((deal) => deal.title));
        if (current < lastPage) {
          await pager.getByRole('button', { name: `Page ${current + 1}` }).click();
          await page.waitForURL((url) => url.searchParams.get('page') === String(current + 1));
        }
      }
      // One page of deals: no pager at all.
      if (lastPage === 1) expect(await pager.count()).toBe(0);
      else
        expect(await pager.getByRole('button', { name: `Page ${lastPage}` }).getAttribute('aria-current')).toBe('page');
    }));

  it('pages the deals with the pager when the API answers more than one page', () =>
    withPage(async (page) => {
      // The demo has a single page of deals, so this test stretches the real reply to two pages.
      const extra = ['Second page: bagels by the dozen', 'Second page: free key cutting'];
      const real = await getJson<ApiDeals>(page, '/api/ubm-offers');
      // Page 2 is made of whole deals (the storefront checks every reply against the contract).
      const template = real.data.data[0]!;
      await page.route(
        (url) => url.pathname === '/api/ubm-offers',
        async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as ApiDeals;
          const onPage2 = new URL(route.request().url()).searchParams.get('page') === '2';
          const data = onPage2 ? extra.map((title, i) => ({ ...template, id: 9000 + i, title })) : body.data.data;
          await route.fulfill({
            response,
            json: {
              ...body,
              data: { ...body.data, data, current_page: onPage2 ? 2 : 1, last_page: 2, total: body.data.total + 2 },
            },
          });
        },
      );
      await gotoInApp(page, '/ubm-offers');
      await page.getByTestId('deal-card').first().waitFor();
      expect(await dealTitles(page)).toEqual(real.data.data.map((deal) => deal.title));
      const pager = page.getByRole('navigation', { name: 'Deal pages' });
      await pager.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(/\/ubm-offers\?page=2$/);
      await expect.poll(() => dealTitles(page)).toEqual(extra);
      expect(await pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
      await pager.getByRole('button', { name: 'Page 1' }).click();
      await page.waitForURL(/\/ubm-offers$/);
      await expect.poll(() => dealTitles(page)).toEqual(real.data.data.map((deal) => deal.title));
    }));

  it('shows the main slider, the deals slider, the home banners and the brands on the home page', () =>
    withPage(async (page) => {
      const home = (await getJson<ApiHome>(page, '/api/home')).data;
      const ofType = (type: string) => home.sliders.filter((slider) => slider.type === type);
      const expected = (sliders: ApiHome['data']['sliders']) =>
        sliders.map((slider) => ({
          alt: [slider.title, slider.caption].filter(Boolean).join('. '),
          src: slider.image,
          href: slider.link,
        }));
      const shown = (region: ReturnType<Page['getByRole']>) =>
        region.locator('[aria-roledescription="slide"] img').evaluateAll((images) =>
          images.map((image) => ({
            alt: image.getAttribute('alt'),
            src: image.getAttribute('src'),
            href: image.closest('a')?.getAttribute('href') ?? null,
          })),
        );
      const main = ofType('home_page_slide');
      const deals = ofType('deals_slides');
      const banners = ofType('home_banner');
      expect(main.length).toBeGreaterThan(1);
      expect(deals.length).toBeGreaterThan(1);
      expect(banners.length).toBeGreaterThan(0);

      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();

      // The main slider: every home_page_slide in order, with its picture, words and link.
      const featured = page.getByRole('region', { name: 'Featured', exact: true });
      expect(await shown(featured)).toEqual(expected(main));
      // The slides are in the server's page; the carousel's controls come once its code has
      // loaded, after hydration (decision 039).
      await featured.getByRole('button', { name: 'Next featured' }).waitFor();
      expect(await featured.getByRole('button', { name: 'Next featured' }).count()).toBe(1);

      // The deals slider under its own heading, with a way to every UBM deal.
      const dealSection = page.getByRole('region', { name: 'Deals this week', exact: true });
      expect(await dealSection.getByRole('heading', { level: 2, name: 'Deals this week' }).count()).toBe(1);
      expect(await dealSection.getByRole('link', { name: 'All UBM Deals' }).getAttribute('href')).toBe('/ubm-offers');
      const dealSlider = dealSection.getByRole('region', { name: 'Deals', exact: true });
      expect(await shown(dealSlider)).toEqual(expected(deals));

      // Each home banner.
      for (const [index, banner] of banners.entries()) {
        const region = page.getByRole('region', { name: `Promotion ${index + 1}`, exact: true });
        expect(await shown(region), `banner ${index + 1}`).toEqual(expected([banner]));
      }

      // The brands: every brand of the home data, each linking to its products.
      const brands = page.getByRole('region', { name: 'Brands', exact: true });
      expect(await brands.getByRole('heading', { level: 2, name: 'Brands' }).count()).toBe(1);
      const links = brands.locator('a');
      expect(await links.allTextContents()).toEqual(home.brands.map((brand) => brand.name));
      expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual(
        home.brands.map((brand) => `/products?brand=${brand.slug}`),
      );
      const lastBrand = home.brands.at(-1)!;
      await brands.getByRole('button', { name: 'Show all brands' }).click();
      const lastLink = brands.getByRole('link', { name: lastBrand.name, exact: true });
      await expect.poll(() => lastLink.isVisible()).toBe(true);
      await lastLink.click();
      await page.waitForURL(`**/products?brand=${lastBrand.slug}`);
      await page.getByRole('heading', { level: 1, name: lastBrand.name }).waitFor();
    }));

  it("shows exactly the spec's generic error when the product list request fails on the network", () =>
    withPage(async (page) => {
      let failing = true;
      await page.route(
        (url) => url.pathname === '/api/products',
        (route) => (failing ? route.abort('failed') : route.continue()),
      );
      await gotoInApp(page, '/products');
      const alert = page.getByRole('alert').filter({ hasText: 'Sorry, that did not load' });
      await alert.waitFor({ timeout: 20_000 });
      expect(await alert.getByText(GENERIC_ERROR, { exact: true }).isVisible()).toBe(true);
      // Not the browser's own wording.
      expect(await page.getByText(/Failed to fetch|NetworkError|TypeError|net::/).count()).toBe(0);
      expect(await page.getByTestId('product-card').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);

      failing = false;
      await alert.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('product-card').first().waitFor();
      await alert.waitFor({ state: 'detached' });
    }));

  it('shows the generic error when the blog request fails on the network after a link is followed', () =>
    withPage(async (page) => {
      await page.goto('/');
      await page.getByTestId('home-categories').waitFor();
      await page.route(
        (url) => url.pathname === '/api/blog',
        (route) => route.abort('failed'),
      );
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
      await page.waitForURL(/\/blog$/);
      const alert = page.getByRole('alert').filter({ hasText: 'Sorry, that did not load' });
      await alert.waitFor({ timeout: 20_000 });
      expect(await alert.getByText(GENERIC_ERROR, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(/Failed to fetch|NetworkError|TypeError|net::/).count()).toBe(0);
      // The rest of the page still works: the categories came from another request.
      await page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link').nth(1).waitFor();
    }));

  it('gives each page its own document title and a meta description', () =>
    withPage(async (page) => {
      const blog = await getJson<ApiBlogList>(page, '/api/blog');
      const post = blog.posts.data[0]!;
      const shop = (await getJson<{ data: { name: string } }>(page, '/api/shop/green-barrow')).data;
      const indexDescription = 'Parade: your local community parade of shops, online.';

      const routes: { path: string; title: string | RegExp }[] = [
        { path: '/', title: 'Parade | Your local parade of shops' },
        { path: '/products', title: 'All products | Parade' },
        { path: '/green-barrow/product/braeburn-apples/each', title: /^Braeburn Apples.* Green Barrow.* \| Parade$/ },
        { path: '/vendor/green-barrow', title: `${shop.name} | Parade` },
        { path: '/blog', title: 'Blog | Parade' },
        { path: `/blog/${post.slug}`, title: `${post.title} | Parade` },
        { path: '/ubm-offers', title: 'UBM Deals | Parade' },
        { path: '/privacy-policy', title: 'Privacy Policy | Parade' },
        { path: '/contact', title: 'Contact Us | Parade' },
      ];
      const seen = new Map<string, { title: string; description: string }>();
      for (const route of routes) {
        await page.goto(route.path);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
        if (typeof route.title === 'string')
          await expect.poll(() => page.title(), { message: route.path }).toBe(route.title);
        else await expect.poll(() => page.title(), { message: route.path }).toMatch(route.title);
        // Data-driven descriptions arrive with the data: wait for the page to settle.
        await page.waitForLoadState('networkidle');
        const description = (await metaDescription(page))?.trim() ?? '';
        expect(description, route.path).not.toBe('');
        expect(
          await page.evaluate(() => document.head.querySelectorAll('meta[name="description"]').length),
          route.path,
        ).toBe(1);
        expect(await page.evaluate(() => document.querySelectorAll('title').length), route.path).toBe(1);
        seen.set(route.path, { title: await page.title(), description });
      }

      // Every page has its own title.
      const titles = [...seen.values()].map((entry) => entry.title);
      expect(new Set(titles).size, titles.join(' / ')).toBe(routes.length);

      // Products, a product, a shop and a blog post each describe themselves, not the site.
      const own = ['/products', routes[2]!.path, '/vendor/green-barrow', `/blog/${post.slug}`].map(
        (path) => seen.get(path)!.description,
      );
      expect(new Set(own).size, own.join(' / ')).toBe(own.length);
      for (const description of own) expect(description.startsWith(indexDescription), description).toBe(false);
      expect(seen.get(`/blog/${post.slug}`)!.description).toBe(post.excerpt);
    }));

  it('updates the title and meta description on client-side navigation', () =>
    withPage(async (page) => {
      const post = (await getJson<ApiBlogList>(page, '/api/blog')).posts.data[0]!;
      await page.goto('/blog');
      await page.getByTestId('post-card').first().waitFor();
      const blogDescription = await metaDescription(page);
      expect(await page.title()).toBe('Blog | Parade');

      await page.getByTestId('post-card').first().getByRole('link', { name: post.title }).click();
      await page.waitForURL(`**/blog/${post.slug}`);
      await expect.poll(() => page.title()).toBe(`${post.title} | Parade`);
      await expect.poll(() => metaDescription(page)).toBe(post.excerpt);

      await page.getByTestId('site-footer').getByRole('link', { name: 'Contact Us' }).click();
      await page.waitForURL(/\/contact$/);
      await expect.poll(() => page.title()).toBe('Contact Us | Parade');
      await expect.poll(() => metaDescription(page)).not.toBe(post.excerpt);
      const contactDescription = await metaDescription(page);
      expect(contactDescription).not.toBe(blogDescription);

      await page.goBack();
      await page.waitForURL(`**/blog/${post.slug}`);
      await expect.poll(() => page.title()).toBe(`${post.title} | Parade`);
      await expect.poll(() => metaDescription(page)).toBe(post.excerpt);
    }));

  it("publishes the admin's pages at /page/{slug}, linked from the footer when chosen; an unknown one is Not Found", () =>
    withPage(async (page) => {
      await page.goto('/');
      const footer = page.getByTestId('site-footer');
      await footer.getByRole('link', { name: 'About Parade' }).click();
      await page.waitForURL('**/page/about');
      await page.getByRole('heading', { level: 1, name: 'About Parade' }).waitFor();
      await page.getByText('Eight independent shops, one basket').first().waitFor();
      await expect.poll(() => page.title()).toBe('About Parade | Parade');

      await page.goto('/page/no-such-page');
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    }));
});
