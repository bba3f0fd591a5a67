import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariations } from '../maintenance/schema';
import { refreshProductListings } from '../modules/catalog';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { inlineScriptSources } from './inline-scripts';

/**
 * The storefront's pages rendered by the server (issue 25, decision 038), as `curl` and a link
 * preview see them: no JavaScript runs here. Uses the built storefront (apps/web/dist and its
 * server entry in dist-server), which `npm test` builds before any test runs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    seed: true,
    env: { SERVE_APPS: 'true', PUBLIC_URL: 'https://parade.example', PUBLIC_REPLY_CACHE_SECONDS: '10' },
  });
});
afterAll(async () => {
  await t?.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The page's JSON-LD objects. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script data-page-head type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta data-page-head (?:property|name)="${key}" content="([^"]*)">`))?.[1];

/** A listed product of the demo, with its page's address and its variation's price. */
async function aListedProduct() {
  const res = await t.app.inject({ method: 'GET', url: '/api/products?per_page=1' });
  const card = res.json().data.products.data[0] as {
    id: number;
    name: string;
    slug: string;
    shop: { slug: string; name: string };
    variation: { id: number; slug: string; full_name: string; price: number };
  };
  return { card, url: `/${card.shop.slug}/product/${card.slug}/${card.variation.slug}` };
}

describe('a server-rendered product page', () => {
  it('holds the product, its price and picture, its JSON-LD and link-preview tags, without JavaScript', async () => {
    const { card, url } = await aListedProduct();
    const detail = (await t.app.inject({ method: 'GET', url: `/api/product${url.replace('/product', '')}` })).json()
      .data as { variation: { images: { url: string }[]; thumbnail: string | null } };
    const picture = detail.variation.images[0]?.url ?? detail.variation.thumbnail;
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;

    // The page itself, in the root element: the name, the price as shown, the picture.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`>${card.name}</h1>`);
    expect(root).toContain(`£${(card.variation.price / 100).toFixed(2)}`);
    expect(root).toContain(`src="${picture}"`);

    // The head, for search engines and link previews.
    const title = `${card.variation.full_name} from ${card.shop.name} | Parade`;
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<link data-page-head rel="canonical" href="https://parade.example${url}">`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`https://parade.example${url}`);
    expect(meta(html, 'og:image')).toBe(`https://parade.example${picture}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html.match(/<meta data-page-head name="description"/g)).toHaveLength(1);

    const [product, breadcrumb] = jsonLd(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: card.variation.full_name,
      url: `https://parade.example${url}`,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'GBP',
        price: (card.variation.price / 100).toFixed(2),
        availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
      },
    });
    expect(breadcrumb).toMatchObject({ '@type': 'BreadcrumbList' });

    // What the browser hydrates from: the product's data, with no second fetch needed.
    const state = html.match(/<script type="application\/json" id="parade-state">(.*?)<\/script>/)?.[1];
    expect(state).toBeDefined();
    const hydration = JSON.parse(state ?? '{}') as { queries: { queries: { state: { data: unknown } }[] } };
    expect(JSON.stringify(hydration.queries.queries.map((query) => query.state.data))).toContain(
      `"full_name":"${card.variation.full_name}"`,
    );
    // The route's style is linked, so the page paints styled; its code and the app's starter are
    // named for the entry to preload side by side once the page has loaded (no waterfall), and not
    // linked for the browser to fetch at once beside the page's pictures.
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/product-[^"]+\.css">/);
    const code = html.match(/<meta name="parade-page-code" content="([^"]*)">/)?.[1]?.split(' ') ?? [];
    expect(code).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/product-[^"]+\.js$/)]));
    expect(code).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/start-[^"]+\.js$/)]));
    expect(code).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/runtime-[^"]+\.js$/)]));
    expect(html).not.toContain('rel="modulepreload"');
    // The theme's CSS variables come with the app's stylesheet, not written into every page
    // (apps/web/src/app/theme-variables.ts).
    expect(html).not.toContain('data-mantine-styles="true"');
    const stylesheet = html.match(/<link rel="stylesheet" crossorigin href="(\/assets\/index-[^"]+\.css)">/)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await t.app.inject({ method: 'GET', url: stylesheet ?? '' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('--mantine-primary-color-filled:');
  });

  it('answers 404 with the Not Found page for an unknown URL, product, shop or post, marked not to index', async () => {
    const { card } = await aListedProduct();
    for (const url of [
      '/no-such-page',
      `/${card.shop.slug}/product/no-such-product/each`,
      '/vendor/no-such-shop',
      '/blog/no-such-post',
      // Paths match as written: a page under another case is not the page (nor a second address of it).
      '/Products',
      `/VENDOR/${card.shop.slug}`,
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toMatch(/<h1[^>]*>(Page|Product|Shop|Post) not found<\/h1>/);
      expect(meta(res.body, 'robots'), url).toBe('noindex');
    }
  });

  it('describes a shop as a Store with its address, and a blog post as a BlogPosting', async () => {
    const shops = (await t.app.inject({ method: 'GET', url: '/api/shops' })).json().data.data as { slug: string }[];
    const shop = (await t.app.inject({ method: 'GET', url: `/api/shop/${shops[0]?.slug}` })).json().data as {
      name: string;
      postcode: string;
    };
    const shopPage = await page(`/vendor/${shops[0]?.slug}`);
    expect(shopPage.statusCode).toBe(200);
    expect(jsonLd(shopPage.body)[0]).toMatchObject({
      '@type': 'Store',
      name: shop.name,
      address: { '@type': 'PostalAddress', postalCode: shop.postcode, addressCountry: 'GB' },
    });

    const posts = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json().posts.data as {
      slug: string;
      title: string;
    }[];
    const post = await page(`/blog/${posts[0]?.slug}`);
    expect(post.statusCode).toBe(200);
    expect(jsonLd(post.body)[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: posts[0]?.title,
      publisher: { '@type': 'Organization', name: 'Parade', url: 'https://parade.example/' },
    });
    // Its trail, as the page's breadcrumb shows it: the blog, the post's category, the post.
    const trail = jsonLd(post.body).find((item) => item['@type'] === 'BreadcrumbList') as
      | { itemListElement: { position: number; name: string; item: string }[] }
      | undefined;
    expect(trail?.itemListElement.map((step) => step.name)).toEqual([
      'Home',
      'Blog',
      expect.any(String),
      posts[0]?.title,
    ]);
    expect(trail?.itemListElement[3]?.item).toBe(`https://parade.example/blog/${posts[0]?.slug}`);
    expect(meta(post.body, 'og:type')).toBe('article');
  });

  it('sends the frame of a shopper’s own pages and the cart, the shell of sign-in, and renders the public ones', async () => {
    // Header, footer and "Loading your page..." where the screen goes, which the browser draws
    // itself (it needs the token and cart in its storage): no data block to hydrate, not indexed.
    for (const url of ['/profile/orders', '/cart', '/cart-details', '/order/success']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Loading your page...');
      expect(res.body, url).toContain('data-page-pending');
      expect(res.body, url).toMatch(/<header[\s>]/);
      expect(res.body, url).toMatch(/<footer[\s>]/);
      expect(res.body, url).toContain('Sign In/Register');
      expect(meta(res.body, 'robots'), url).toBe('noindex');
      expect(res.body, url).not.toContain('Loading Parade...');
      expect(res.body, url).not.toContain('id="parade-state"');
    }
    // The slim layout's sign-in screens: the app's shell, as before.
    const login = await page('/auth/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Loading Parade...');
    expect(login.body).not.toContain('data-page-pending');
    for (const url of [
      '/',
      '/products',
      '/vendors',
      '/blog',
      '/ubm-offers',
      '/contact',
      '/privacy-policy',
      '/terms-and-condition',
      '/page/about',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="parade-state"');
      expect(res.body, url).not.toContain('Loading Parade...');
    }
  });
});

describe('rendered pages and the reply cache', () => {
  it('serves a page again from memory, revalidated by its ETag, and renders it anew after a catalogue write', async () => {
    const { card, url } = await aListedProduct();
    const first = await page(url);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);

    const again = await page(url);
    expect(again.headers.age).toBeDefined();
    expect(again.body).toBe(first.body);
    expect((await page(url, { 'if-none-match': etag })).statusCode).toBe(304);

    // A new price, through the read model's refresh as every catalogue write does.
    const newPrice = card.variation.price + 123;
    await t.database.db
      .update(productVariations)
      .set({ price: newPrice })
      .where(eq(productVariations.id, card.variation.id));
    await t.database.db.transaction((tx) => refreshProductListings(tx, { productIds: [card.id] }));
    const after = await page(url);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toContain(`£${(newPrice / 100).toFixed(2)}`);
    expect(after.body).toContain(`"price":"${(newPrice / 100).toFixed(2)}"`);
  });

  it('sends a page asked for with a trailing slash to its address without one (301), query kept', async () => {
    for (const [asked, location] of [
      ['/products/', '/products'],
      ['/products/?sort=new', '/products?sort=new'],
      ['/blog//', '/blog'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: asked });
      expect(res.statusCode, asked).toBe(301);
      expect(res.headers.location).toBe(location);
    }
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });

  it('answers 404 for a list page past its last, drawn as the empty list and marked not to index', async () => {
    const second = await page('/products?page=2');
    expect(second.statusCode).toBe(200);
    expect(meta(second.body, 'robots')).toBeUndefined();
    for (const url of [
      '/products?page=999',
      '/products?sort=price_low&page=60',
      '/vendor/green-barrow/products?page=99',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(meta(res.body, 'robots'), url).toBe('noindex');
      // The list itself, with its filters and pages to go back by, not the Not Found page.
      expect(res.body, url).not.toMatch(/<h1[^>]*>Page not found<\/h1>/);
    }
  });

  it('sends /page/ of privacy, terms and contact to their own paths for good (301)', async () => {
    for (const [slug, path] of [
      ['privacy-policy', '/privacy-policy'],
      ['terms-and-condition', '/terms-and-condition'],
      ['contact', '/contact'],
    ]) {
      const res = await page(`/page/${slug}`);
      expect(res.statusCode, slug).toBe(301);
      expect(res.headers.location, slug).toBe(path);
    }
    const tagged = await page('/page/contact?utm_source=newsletter');
    expect(tagged.headers.location).toBe('/contact?utm_source=newsletter');
    const pages = (await t.app.inject({ method: 'GET', url: '/api/pages' })).json().data as { slug: string }[];
    const other = pages.find((p) => !['privacy-policy', 'terms-and-condition', 'contact'].includes(p.slug));
    expect(other).toBeDefined();
    expect((await page(`/page/${other!.slug}`)).statusCode).toBe(200);
  });

  it('answers a product no longer listed with 404 at once', async () => {
    const { card, url } = await aListedProduct();
    expect((await page(url)).statusCode).toBe(200);
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, card.id));
    await t.database.db.transaction((tx) => refreshProductListings(tx, { productIds: [card.id] }));
    const gone = await page(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toMatch(/<h1[^>]*>Product not found<\/h1>/);
  });
});

describe('the API beside the served apps', () => {
  it('answers a path part over the router limit with 414, and echoes a long unknown path cut short', async () => {
    for (const url of [`/api/shop/${'x'.repeat(101)}`, `/api/product/a/b/${'x'.repeat(3000)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 40)).toBe(414);
      expect(res.json()).toMatchObject({ status: false, code: 'url_too_long', errors: {} });
    }
    const unknown = await t.app.inject({ method: 'GET', url: `/api/${'nothing/'.repeat(40)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('route_not_found');
    expect(unknown.json().message.length).toBeLessThan(160);
  });
});

describe("the storefront's inline script", () => {
  it('is allowed by its hash, and no other inline script is: server-rendered pages, the shell and the frame', async () => {
    for (const url of ['/', '/products', '/auth/login', '/profile/orders']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      // The one classic script without a src: it marks a stored session before the first paint.
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
      expect(inline, url).toHaveLength(1);
      expect(inline[0]).toContain("localStorage.getItem('authToken')");
      expect(inline[0]).toContain('data-stored-session');
      const hash = `'sha256-${createHash('sha256')
        .update(inline[0] ?? '')
        .digest('base64')}'`;
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(scriptSrc?.split(' '), url).toContain(hash);
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
    }
  });

  it('lists only scripts that run: not those with a src, nor data blocks', () => {
    const html = [
      '<script type="module" src="/assets/index.js"></script>',
      '<script id="parade-state" type="application/json">{"a":1}</script>',
      '<script type="application/ld+json">{}</script>',
      '<script>one()</script>',
      '<script type="text/javascript">two()</script>',
    ].join('');
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptSources(html)).toEqual([sha('one()'), sha('two()')]);
  });
});
