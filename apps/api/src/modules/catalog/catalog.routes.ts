import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { foldListParams } from '../../lib/query-params';
import { brandSchema, categoryNodeSchema, okSchema, productListSchema, productPageSchema } from './catalog.schemas';
import { listCategoryTree } from './categories.service';
import { productListQuery, toListRequest } from './product-query';
import { getProductPage, listBrands, listProducts } from './products.service';

const slugParam = z.string().min(1).max(160);

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Categories with their sub-categories and brands',
        response: { 200: okSchema(z.array(categoryNodeSchema)) },
      },
    },
    async () => ok(await listCategoryTree(app.db)),
  );

  app.get(
    '/products',
    {
      preValidation: foldListParams(['category']),
      schema: {
        tags: ['catalog'],
        summary: 'Product cards with filters, sort and paging, plus the price range of the filtered set',
        description:
          '`category` is a list: `category[0]=a&category[1]=b`, `category=a&category=b` or `category=a`. ' +
          'Each card links to its cheapest active variation and `price` is that price; `min_price`/`max_price` ' +
          '(pence) filter on it. `price_range` ignores the price filter. Default sort: `date`, `sort_high=1`.',
        querystring: productListQuery,
        response: { 200: okSchema(productListSchema) },
      },
    },
    async (request) => ok(await listProducts(app.db, toListRequest(request.query))),
  );

  app.get(
    '/product/:vendor/:product/:variation',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product page: the product, the chosen variation, all variations and related products',
        params: z.object({ vendor: slugParam, product: slugParam, variation: slugParam }),
        response: { 200: okSchema(productPageSchema) },
      },
    },
    async (request) => ok(await getProductPage(app.db, request.params)),
  );

  app.get(
    '/brands',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every brand, by name',
        response: { 200: okSchema(z.array(brandSchema)) },
      },
    },
    async () => ok(await listBrands(app.db)),
  );
};
