import type { ShopCard } from '@parade/core/catalog-dto';
import { productListSchema, shopProductListQuerySchema } from '@parade/core/catalog-schemas';
import { type Paginated, paginated, successEnvelope } from '@parade/core/envelope';
import {
  shopCardSchema,
  shopDataSchema,
  shopListQuerySchema,
  shopSchema,
  shopSlugParamsSchema,
  vendorRefSchema,
} from '@parade/core/shop-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { failureResponses, ok } from '../../lib/envelope';
import { dropEmptyParams, foldListParams } from '../../lib/query-params';
import { countListableProducts, hasListedProducts, listProducts, shopListing, toListRequest } from '../catalog';
import { findActiveShop, getShop, listShops, listVendors, SHOPS_PER_PAGE, type ShopCardBase } from './shops.service';

/*
 * The shop pages show the catalog's data (listed product counts, a shop's categories, brands
 * and prices). Catalog depends on shops (the listable rule joins the shop's own rule), so the
 * shops module never calls catalog: the two are composed here, in the HTTP layer.
 */

/** Adds each shop card's listed product count: one query for the whole page. */
async function withProductCounts(db: DbOrTx, page: Paginated<ShopCardBase>): Promise<Paginated<ShopCard>> {
  const counts = await countListableProducts(
    db,
    page.data.map((s) => s.id),
  );
  return { ...page, data: page.data.map((s) => ({ ...s, product_count: counts.get(s.id) ?? 0 })) };
}

export const shopsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shops',
    {
      config: { publicCache: true },
      preValidation: dropEmptyParams,
      schema: {
        tags: ['shops'],
        summary: 'Shops (vendors), newest first, with an optional name search',
        querystring: shopListQuerySchema,
        response: { 200: successEnvelope(paginated(shopCardSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const { search, page, per_page } = request.query;
      const list = await listShops(app.db, {
        // A shop with nothing listed yet is not shown to shoppers.
        only: hasListedProducts,
        search: search || undefined,
        page: page ?? 1,
        perPage: per_page ?? SHOPS_PER_PAGE,
      });
      return ok(await withProductCounts(app.db, list));
    },
  );

  app.get(
    '/shop/:slug',
    {
      config: { publicCache: true },
      schema: {
        tags: ['shops'],
        summary: 'A shop: logo, banner, slides and contact details',
        params: shopSlugParamsSchema,
        response: { 200: successEnvelope(shopSchema), ...failureResponses },
      },
    },
    async (request) => ok(await getShop(app.db, request.params.slug)),
  );

  app.get(
    '/shop/:slug/data',
    {
      config: { publicCache: true },
      schema: {
        tags: ['shops'],
        summary: "A shop's categories and brands with listed products, its price range and product count",
        description:
          "`price_range` is the min/max active variation price of the shop's listed products (the cheapest card to " +
          'the dearest variation), as on GET /products.',
        params: shopSlugParamsSchema,
        response: { 200: successEnvelope(shopDataSchema), ...failureResponses },
      },
    },
    async (request) => {
      // The categories and brands the shop has listable products in, its price range and product count.
      const shop = await findActiveShop(app.db, request.params.slug);
      return ok(await shopListing(app.db, shop.id));
    },
  );

  app.get(
    '/shop/:slug/product',
    {
      config: { publicCache: true },
      preValidation: foldListParams([]),
      schema: {
        tags: ['shops'],
        summary: "A shop's product cards: the filters, sort and paging of /products with a single category and brand",
        params: shopSlugParamsSchema,
        querystring: shopProductListQuerySchema,
        response: { 200: successEnvelope(productListSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shop = await findActiveShop(app.db, request.params.slug);
      return ok(await listProducts(app.db, toListRequest(request.query, { shopId: shop.id })));
    },
  );

  app.get(
    '/vendor',
    {
      config: { publicCache: true },
      schema: {
        tags: ['shops'],
        summary: 'Every active shop, for menus',
        response: { 200: successEnvelope(z.array(vendorRefSchema)), ...failureResponses },
      },
    },
    async () => ok(await listVendors(app.db, hasListedProducts)),
  );
};
