import { successEnvelope } from '@parade/core/envelope';
import { searchHitSchema, searchRequestSchema } from '@parade/core/search-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { SEARCH_LIMIT, SEARCH_RATE_LIMIT, searchVariations } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/search',
    {
      // Each search scans every name; a typing shopper asks a few times a minute.
      config: { rateLimit: SEARCH_RATE_LIMIT },
      schema: {
        tags: ['search'],
        summary: `Product search for the autocomplete: up to ${SEARCH_LIMIT} variations, best match first`,
        description:
          'Matches product, variation, brand and shop names, ignoring case and accents; prefix and typo tolerant ' +
          "(a word of 4-7 letters may carry one typo, from 8 two, corrected against the catalogue's own words; " +
          'closer misspellings by trigram). Exact names rank first, then prefixes, word prefixes, substrings, and ' +
          "fuzzy matches last. A typo as close to several catalogue words is read as each: the likeliest reading's " +
          "hits first, then the others' while there is room.",
        body: searchRequestSchema,
        response: { 200: successEnvelope(z.array(searchHitSchema)), ...failureResponses },
      },
    },
    async (request) => ok(await searchVariations(app.db, request.body.search)),
  );
};
