import type { Shop, ShopCard, ShopData, VendorRef } from '@parade/core/catalog-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { dropEmptyParams, foldListParams, wholeNumber } from '../../lib/query-params';
import { listProducts, shopProductListQuery, toListRequest } from '../catalog';
import {
  imageRefSchema,
  okSchema,
  paginatedSchema,
  priceRangeSchema,
  productListSchema,
  refSchema,
} from '../catalog/catalog.schemas';
import { findActiveShop, getShop, getShopData, listShops, listVendors, SHOPS_PER_PAGE } from './shops.service';

const shopCardSchema = refSchema.extend({
  tagline: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  banner: imageRefSchema.nullable(),
  address: z.string(),
  postcode: z.string(),
  product_count: z.number().int(),
}) satisfies z.ZodType<ShopCard>;

const shopSchema = refSchema.extend({
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  banner: imageRefSchema.nullable(),
  slide: z.object({
    items: z.array(
      z.object({
        title: z.string(),
        caption: z.string(),
        image: z.string(),
        mobile_image: z.string().nullable(),
        action_link: z.string().nullable(),
        action_text: z.string().nullable(),
      }),
    ),
  }),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
}) satisfies z.ZodType<Shop>;

const shopDataSchema = z.object({
  categories: z.array(refSchema),
  brands: z.array(refSchema),
  price_range: priceRangeSchema,
  product_count: z.number().int(),
}) satisfies z.ZodType<ShopData>;

export const vendorRefSchema = refSchema.extend({ logo: imageRefSchema.nullable() }) satisfies z.ZodType<VendorRef>;

const shopSlug = z.object({ slug: z.string().min(1).max(160) });

export const shopsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shops',
    {
      preValidation: dropEmptyParams,
      schema: {
        tags: ['shops'],
        summary: 'Shops (vendors), featured first, with an optional name search',
        querystring: z.object({
          search: z.string().trim().max(100).optional(),
          page: wholeNumber(1, 100_000).optional(),
          per_page: wholeNumber(1, 60).optional(),
        }),
        response: { 200: okSchema(paginatedSchema(shopCardSchema)) },
      },
    },
    async (request) => {
      const { search, page, per_page } = request.query;
      return ok(
        await listShops(app.db, { search: search || undefined, page: page ?? 1, perPage: per_page ?? SHOPS_PER_PAGE }),
      );
    },
  );

  app.get(
    '/shop/:slug',
    {
      schema: {
        tags: ['shops'],
        summary: 'A shop: logo, banner, slides and contact details',
        params: shopSlug,
        response: { 200: okSchema(shopSchema) },
      },
    },
    async (request) => ok(await getShop(app.db, request.params.slug)),
  );

  app.get(
    '/shop/:slug/data',
    {
      schema: {
        tags: ['shops'],
        summary: "A shop's categories and brands with listed products, its price range and product count",
        params: shopSlug,
        response: { 200: okSchema(shopDataSchema) },
      },
    },
    async (request) => ok(await getShopData(app.db, request.params.slug)),
  );

  app.get(
    '/shop/:slug/product',
    {
      preValidation: foldListParams([]),
      schema: {
        tags: ['shops'],
        summary: "A shop's product cards: the filters, sort and paging of /products with a single category and brand",
        params: shopSlug,
        querystring: shopProductListQuery,
        response: { 200: okSchema(productListSchema) },
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
      schema: {
        tags: ['shops'],
        summary: 'Every active shop, for menus',
        response: { 200: okSchema(z.array(vendorRefSchema)) },
      },
    },
    async () => ok(await listVendors(app.db)),
  );
};
