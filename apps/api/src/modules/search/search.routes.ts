import { productTypes, SEARCH_MIN_LENGTH } from '@parade/core/catalog';
import type { SearchHit } from '@parade/core/catalog-dto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { okSchema } from '../catalog/catalog.schemas';
import { SEARCH_LIMIT, searchVariations } from './search.service';

const searchHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  full_name: z.string(),
  price: z.number().int(),
  thumbnail: z.string().nullable(),
  product: z.object({
    slug: z.string(),
    type: z.enum(productTypes),
    shop: z.object({ name: z.string(), slug: z.string() }),
  }),
}) satisfies z.ZodType<SearchHit>;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/search',
    {
      // Each search scans every name; a typing shopper asks a few times a minute.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['search'],
        summary: `Product search for the autocomplete: up to ${SEARCH_LIMIT} variations, best match first`,
        description:
          'Matches product, variation, brand and shop names, ignoring case and accents; prefix and typo tolerant ' +
          '(trigram). Exact names rank first, then prefixes, word prefixes, substrings, and fuzzy matches last.',
        body: z.object({
          search: z
            .string()
            .trim()
            .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters.`)
            .max(100, 'Type at most 100 characters.'),
        }),
        response: { 200: okSchema(z.array(searchHitSchema)) },
      },
    },
    async (request) => ok(await searchVariations(app.db, request.body.search)),
  );
};
