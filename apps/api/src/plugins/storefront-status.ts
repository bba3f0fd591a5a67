import { matchStorefrontPath } from '@parade/core/storefront-routes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listFiltersExist, productPageExists } from '../modules/catalog';
import { pageExists, publishedPostExists } from '../modules/content';
import { openShopBySlug } from '../modules/shops';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The HTTP status of a storefront page's URL (issue 25, "Real status codes"): 200 for a page
     * of the storefront whose product, shop, post or page exists (or a shopper's own page, which
     * the browser checks with their token), 404 otherwise. The storefront itself is served either
     * way and shows its Not Found page: a crawler and `curl` get the status a browser cannot.
     * A product list whose URL filters by a category, sub-category, brand or shop that does not
     * exist is 404 too (the page shows an empty list the shopper can widen).
     */
    storefrontPageStatus(path: string, query?: URLSearchParams): Promise<200 | 404>;
  }
}

/** The product lists whose URL carries the catalogue's filters: /products and a shop's products tab. */
const PRODUCT_LIST = /^\/(products|vendor\/[^/]+\/products)\/?$/;

/** True when a product list's URL filters by a category, sub-category, brand or shop that does not exist. */
async function filtersNameNothing(app: FastifyInstance, path: string, query: URLSearchParams): Promise<boolean> {
  if (!PRODUCT_LIST.test(path)) return false;
  // As the storefront reads them: the first value of each, trimmed, empty ignored (apps/web's
  // product-list-params.ts), so a page that shows products is never answered 404.
  const values = (name: string) => {
    const value = query.get(name)?.trim();
    return value ? [value] : [];
  };
  const filter = { categories: values('category'), subs: values('sub'), brands: values('brand') };
  const [shop] = path === '/products' || path === '/products/' ? values('shop') : [];
  if (!(await listFiltersExist(app.db, filter))) return true;
  return shop !== undefined && !(await openShopBySlug(app.db, shop));
}

export const storefrontStatusPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storefrontPageStatus', async (path: string, query?: URLSearchParams): Promise<200 | 404> => {
      const page = matchStorefrontPath(path);
      if (page === null) return 404;
      if (query && (await filtersNameNothing(app, path, query))) return 404;
      switch (page.kind) {
        case 'fixed':
        case 'private':
          return 200;
        case 'product':
          return (await productPageExists(app.db, page)) ? 200 : 404;
        case 'shop':
          return (await openShopBySlug(app.db, page.slug)) ? 200 : 404;
        case 'post':
          return (await publishedPostExists(app.db, page.slug)) ? 200 : 404;
        case 'page':
          return (await pageExists(app.db, page.slug)) ? 200 : 404;
      }
    });
  },
  { name: 'storefront-status', dependencies: ['db'] },
);
