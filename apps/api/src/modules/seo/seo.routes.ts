import { Readable } from 'node:stream';
import { fixedPathOfPage } from '@parade/core/storefront-routes';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { listedShopSlugs, productSitemapCount, productSitemapEntries } from '../catalog';
import { contentSitemapEntries } from '../content';
import { sitemapIndexXml, urlSetXml, urlSetXmlChunks } from './sitemap-xml';

/** Crawlers may keep these an hour: the catalogue's pages change, its list of pages less often. */
const CACHE = 'public, max-age=3600';

/** The storefront's public pages that are not a product, shop, post or page of their own. */
const FIXED_PATHS = [
  '/',
  '/products',
  '/vendors',
  '/blog',
  '/ubm-offers',
  '/contact',
  '/privacy-policy',
  '/terms-and-condition',
];

/**
 * For search engines (issue 25): `/robots.txt` (the private areas kept out, the sitemap named) and
 * `/sitemap.xml`, a sitemap index of `/sitemaps/pages.xml` (the fixed pages, every listed shop,
 * published post and page) and `/sitemaps/products-<n>.xml` (the listable products by id range,
 * at most 50,000 a file, each an index range scan: fast at a million products). Absolute URLs
 * under PUBLIC_URL. Served by the API at the site's root, beside the storefront.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const base = app.config.publicUrl.replace(/\/+$/, '');
  const url = (path: string) => `${base}${path}`;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(
        [
          'User-agent: *',
          'Disallow: /admin/',
          'Disallow: /api/',
          'Disallow: /profile',
          'Disallow: /cart-details',
          'Disallow: /cart',
          'Disallow: /order/',
          'Disallow: /auth/',
          '',
          `Sitemap: ${url('/sitemap.xml')}`,
          '',
        ].join('\n'),
      ),
  );

  // Browsers and crawlers ask for /favicon.ico whatever the page links (it linked nothing, so
  // they got a JSON 404): the site's icon, where it is.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE).redirect('/icons/icon-192.png', 301),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const files = await productSitemapCount(app.db);
    const sitemaps = [
      { loc: url('/sitemaps/pages.xml') },
      ...Array.from({ length: files }, (_, i) => ({ loc: url(`/sitemaps/products-${i + 1}.xml`) })),
    ];
    return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(sitemapIndexXml(sitemaps));
  });

  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [shops, content] = await Promise.all([listedShopSlugs(app.db), contentSitemapEntries(app.db)]);
    const urls = [
      ...FIXED_PATHS.map((path) => ({ loc: url(path) })),
      ...shops.map((slug) => ({ loc: url(`/vendor/${encodeURIComponent(slug)}`) })),
      ...content.posts.map((post) => ({ loc: url(`/blog/${encodeURIComponent(post.slug)}`), lastmod: post.updatedAt })),
      // Privacy, terms and contact are at the spec's own paths above, not again under /page/.
      ...content.pages
        .filter((page) => !fixedPathOfPage(page.slug))
        .map((page) => ({ loc: url(`/page/${encodeURIComponent(page.slug)}`), lastmod: page.updatedAt })),
    ];
    return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(urlSetXml(urls));
  });

  const fileParams = z.object({ file: z.coerce.number().int().min(1).max(100_000) });
  app.get('/sitemaps/products-:file.xml', { schema: { hide: true } }, async (request, reply) => {
    const parsed = fileParams.safeParse(request.params);
    const files = parsed.success ? await productSitemapCount(app.db) : 0;
    if (!parsed.success || parsed.data.file > files) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap.');
    }
    const db = app.db;
    const file = parsed.data.file;
    async function* urls() {
      for await (const entries of productSitemapEntries(db, file)) {
        yield entries.map((p) => ({
          loc: url(
            `/${encodeURIComponent(p.shopSlug)}/product/${encodeURIComponent(p.slug)}/${encodeURIComponent(p.variationSlug)}`,
          ),
          lastmod: p.updatedAt,
        }));
      }
    }
    // Written as it is read, a batch of products at a time (decision 037).
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(Readable.from(urlSetXmlChunks(urls()), { highWaterMark: 1 }));
  });
};
