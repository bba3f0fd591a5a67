import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { blogPosts, pages, products } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { refreshProductListings } from '../catalog';

/**
 * robots.txt and the sitemaps (issue 25): the index names every sitemap, the product sitemaps
 * list exactly the listable products at their storefront URLs, the pages sitemap the fixed pages,
 * the listed shops, the published posts and the pages; every file keeps to the protocol.
 */
let t: TestApp;
const BASE = 'https://parade.example';
beforeAll(async () => {
  t = await buildTestApp({ seed: true, env: { PUBLIC_URL: BASE } });
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/**
 * The sitemaps protocol's rules for what we write, checked on the whole document: the XML
 * declaration, the namespace, then only <url> (or <sitemap>) entries, each with an absolute
 * http(s) <loc> of at most 2,048 characters, XML-escaped, and an optional W3C-datetime <lastmod>;
 * at most 50,000 entries. Answers the locs.
 */
function protocolLocs(xml: string, root: 'urlset' | 'sitemapindex'): string[] {
  const item = root === 'urlset' ? 'url' : 'sitemap';
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  expect(xml.startsWith(head), xml.slice(0, 200)).toBe(true);
  expect(xml.endsWith(`</${root}>\n`)).toBe(true);
  const body = xml.slice(head.length, xml.length - `</${root}>\n`.length).trim();
  const lines = body === '' ? [] : body.split('\n');
  expect(lines.length).toBeLessThanOrEqual(50_000);
  const pattern = new RegExp(
    `^<${item}><loc>(https?://[^<>"']{1,2040})</loc>(<lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z</lastmod>)?</${item}>$`,
  );
  return lines.map((line) => {
    const match = pattern.exec(line);
    expect(match, line).not.toBeNull();
    // Only the five XML entities, never a bare ampersand.
    expect(/&(?!amp;|lt;|gt;|quot;|apos;)/.test(match![1]!), line).toBe(false);
    return match![1]!.replaceAll('&amp;', '&');
  });
}

const schema = (name: string) => ({
  fileName: name,
  contents: readFileSync(new URL(`./schemas/${name}`, import.meta.url), 'utf8'),
});

/** Validates a sitemap file against the protocol's XML Schema with libxml2 (xmllint, as WebAssembly). */
async function expectValid(xml: string, root: 'urlset' | 'sitemapindex') {
  const result = await validateXML({
    xml: [{ fileName: `${root}.xml`, contents: xml }],
    schema: [schema(root === 'urlset' ? 'sitemap.xsd' : 'siteindex.xsd')],
  });
  expect(result.errors.map((error) => error.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

describe('the sitemaps schema', () => {
  it('validates every file the site serves, and refuses what breaks the protocol', async () => {
    const index = (await get('/sitemap.xml')).body;
    await expectValid(index, 'sitemapindex');
    const files = [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) await expectValid((await get(file)).body, 'urlset');

    // The schema is no formality: a relative <loc>, a bad date and a stray element all fail.
    const pages = (await get('/sitemaps/pages.xml')).body;
    for (const broken of [
      pages.replace(/<loc>https?:\/\/[^/]+/, '<loc>'),
      pages.replace('</loc>', '</loc><lastmod>yesterday</lastmod>'),
      pages.replace('</loc>', '</loc><price>1</price>'),
    ]) {
      const result = await validateXML({
        xml: [{ fileName: 'broken.xml', contents: broken }],
        schema: [schema('sitemap.xsd')],
      });
      expect(result.valid).toBe(false);
    }
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the private areas and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    for (const path of ['/admin/', '/api/', '/profile', '/cart-details', '/order/', '/auth/']) {
      expect(res.body).toContain(`Disallow: ${path}`);
    }
    expect(res.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('sends /favicon.ico to the site icon', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(301);
    expect(icon.headers.location).toBe('/icons/icon-192.png');
  });
});

describe('sitemap.xml', () => {
  it('is an index of the pages sitemap and every product sitemap', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(protocolLocs(res.body, 'sitemapindex')).toEqual([
      `${BASE}/sitemaps/pages.xml`,
      `${BASE}/sitemaps/products-1.xml`,
    ]);
  });

  it('lists every listable product once, at its storefront URL, and drops one no longer listable', async () => {
    const db = t.database.db;
    const listable = await db
      .select({ id: products.id, shop: products.shopSlug, slug: products.slug, variation: products.cardVariationSlug })
      .from(products)
      .where(eq(products.listable, true));
    expect(listable.length).toBeGreaterThan(50);
    const expected = listable.map((p) => `${BASE}/${p.shop}/product/${p.slug}/${p.variation}`).sort();
    const res = await get('/sitemaps/products-1.xml');
    expect(res.statusCode).toBe(200);
    expect(protocolLocs(res.body, 'urlset').sort()).toEqual(expected);

    // A product taken off sale leaves the sitemap with the read model.
    const gone = listable[0]!;
    await db.update(products).set({ isActive: false }).where(eq(products.id, gone.id));
    await db.transaction((tx) => refreshProductListings(tx, { productIds: [gone.id] }));
    const after = protocolLocs((await get('/sitemaps/products-1.xml')).body, 'urlset');
    expect(after).toHaveLength(expected.length - 1);
    expect(after).not.toContain(`${BASE}/${gone.shop}/product/${gone.slug}/${gone.variation}`);
    await db.update(products).set({ isActive: true }).where(eq(products.id, gone.id));
    await db.transaction((tx) => refreshProductListings(tx, { productIds: [gone.id] }));

    expect((await get('/sitemaps/products-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/products-0.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/products-x.xml')).statusCode).toBe(404);
  });

  it('lists the fixed pages, the listed shops, the published posts and the pages', async () => {
    const db = t.database.db;
    const [draft] = await db
      .update(blogPosts)
      .set({ publishedAt: null })
      .where(eq(blogPosts.id, (await db.select({ id: blogPosts.id }).from(blogPosts).limit(1))[0]!.id))
      .returning();
    const locs = protocolLocs((await get('/sitemaps/pages.xml')).body, 'urlset');
    for (const path of ['/', '/products', '/vendors', '/blog', '/ubm-offers']) expect(locs).toContain(`${BASE}${path}`);
    expect(locs).toContain(`${BASE}/vendor/green-barrow`);
    const published = await db.select({ slug: blogPosts.slug, at: blogPosts.publishedAt }).from(blogPosts);
    for (const post of published) {
      expect(locs.includes(`${BASE}/blog/${post.slug}`), post.slug).toBe(post.at !== null);
    }
    expect(locs).not.toContain(`${BASE}/blog/${draft!.slug}`);
    // Each page once: privacy, terms and contact at the spec's own paths, the others under /page/.
    const slugs = (await db.select({ slug: pages.slug }).from(pages)).map((page) => page.slug);
    expect(slugs).toEqual(expect.arrayContaining(['privacy-policy', 'terms-and-condition']));
    for (const slug of slugs) {
      const own = {
        'privacy-policy': '/privacy-policy',
        'terms-and-condition': '/terms-and-condition',
        contact: '/contact',
      }[slug];
      expect(locs.includes(`${BASE}/page/${slug}`), slug).toBe(own === undefined);
      if (own) expect(locs).toContain(`${BASE}${own}`);
    }
    expect(new Set(locs).size).toBe(locs.length);
  });
});
