import {
  brandSchema,
  categoryNodeSchema,
  productListQuerySchema,
  productListSchema,
  productPageParamsSchema,
  productPageSchema,
} from '@parade/core/catalog-schemas';
import { successEnvelope } from '@parade/core/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { foldListParams } from '../../lib/query-params';
import { listCategoryTree } from './categories.service';
import { toListRequest } from './product-query';
import { getProductPage, listBrands, listProducts } from './products.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Categories with their sub-categories and brands',
        response: { 200: successEnvelope(z.array(categoryNodeSchema)), ...failureResponses },
      },
    },
    async () => ok(await listCategoryTree(app.db)),
  );

  app.get(
    '/products',
    {
      config: { publicCache: true },
      preValidation: foldListParams(['category']),
      schema: {
        tags: ['catalog'],
        summary: 'Product cards with filters, sort and paging, plus the price range of the filtered set',
        description:
          '`category` is a list: `category[0]=a&category[1]=b`, `category=a&category=b` or `category=a`. ' +
          'Each card links to its cheapest active variation and `price` is that price; `min_price`/`max_price` ' +
          '(pence) filter on it. `price_range` ignores the price filter. Default sort: `date`, `sort_high=1`.',
        querystring: productListQuerySchema,
        response: { 200: successEnvelope(productListSchema), ...failureResponses },
      },
    },
    async (request) => ok(await listProducts(app.db, toListRequest(request.query))),
  );

  app.get(
    '/product/:vendor/:product/:variation',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Product page: the product, the chosen variation, all variations and related products',
        params: productPageParamsSchema,
        response: { 200: successEnvelope(productPageSchema), ...failureResponses },
      },
    },
    async (request) => ok(await getProductPage(app.db, request.params)),
  );

  app.get(
    '/brands',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'Every brand, by name',
        response: { 200: successEnvelope(z.array(brandSchema)), ...failureResponses },
      },
    },
    async () => ok(await listBrands(app.db)),
  );
};
