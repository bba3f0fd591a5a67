import { matchStorefrontPath } from '@parade/core/storefront-routes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { productPageExists } from '../modules/catalog';
import { pageExists, publishedPostExists } from '../modules/content';
import { openShopBySlug } from '../modules/shops';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The HTTP status of a storefront page's URL (issue 25, "Real status codes"): 200 for a page
     * of the storefront whose product, shop, post or page exists (or a shopper's own page, which
     * the browser checks with their token), 404 otherwise. The storefront itself is served either
     * way and shows its Not Found page: a crawler and `curl` get the status a browser cannot.
     */
    storefrontPageStatus(path: string): Promise<200 | 404>;
  }
}

export const storefrontStatusPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storefrontPageStatus', async (path: string): Promise<200 | 404> => {
      const page = matchStorefrontPath(path);
      if (page === null) return 404;
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
