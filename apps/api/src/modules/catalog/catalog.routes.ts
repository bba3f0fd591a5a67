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
import { loadListIndex } from './list-index';
import { toListRequest } from './product-query';
import { getProductPage, listBrands, listProducts } from './products.service';
import { asksSearch, assertSearchable, SEARCH_RATE_LIMIT } from './search-limits';
import { loadSearchVocabulary } from './search-vocabulary';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // The words typo correction needs, read in the background once the server is up (searches
  // before then go uncorrected; search-vocabulary.ts).
  // The list index (list-index.ts) likewise: lists are answered from SQL until it is in place.
  app.addHook('onReady', async () => {
    loadSearchVocabulary(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'search: could not read the catalogue words for typo correction'),
    );
    loadListIndex(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'lists: could not read the list index; lists are answered from SQL'),
    );
  });
  app.get(
    '/categories',
    {
      config: { publicCache: true },
      schema: {
        tags: ['catalog'],
        summary:
          "Categories with their sub-categories and brands, in menu order: the admin's position, then name (not newest first: a menu)",
        response: { 200: successEnvelope(z.array(categoryNodeSchema)), ...failureResponses },
      },
    },
    async () => ok(await listCategoryTree(app.db)),
  );

  app.get(
    '/products',
    {
      config: {
        publicCache: true,
        // A search is limited as POST /search is; plain browsing is not. The reply cache answers a
        // repeated URL before this limit is counted (it costs no query): only misses count.
        rateLimit: { ...SEARCH_RATE_LIMIT, allowList: (request) => !asksSearch(request) },
      },
      preValidation: foldListParams(['category']),
      schema: {
        tags: ['catalog'],
        summary: 'Product cards with filters, sort and paging, plus the price range of the filtered set',
        description:
          '`category` is a list: `category[0]=a&category[1]=b`, `category=a&category=b` or `category=a`. ' +
          'Each card links to its cheapest active variation and `price` is that price; `min_price`/`max_price` ' +
          '(pence) filter on it. `price_range` is the min/max active variation price of the filtered set (the cheapest ' +
          'card to the dearest variation) and ignores the price filter. Default sort: `date`, `sort_high=1`. ' +
          '`search` needs 3 to 100 characters with at least 3 letters or digits (else 422 `validation_failed` on ' +
          '`search`; empty is no search), and searching is limited to 120 a minute per address as POST /search is ' +
          '(429 `rate_limited`; a reply already in the reply cache is not counted). Browsing without `search` is not limited.',
        querystring: productListQuerySchema,
        response: { 200: successEnvelope(productListSchema), ...failureResponses },
      },
    },
    async (request) => {
      assertSearchable(request.query.search);
      return ok(await listProducts(app.db, toListRequest(request.query)));
    },
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
        summary: 'Every brand, by name (not newest first: a menu)',
        response: { 200: successEnvelope(z.array(brandSchema)), ...failureResponses },
      },
    },
    async () => ok(await listBrands(app.db)),
  );
};
