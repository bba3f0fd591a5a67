/** POST /search: the autocomplete's request and its hits (api-contract.md). */
import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './catalog';
import { productTypeSchema } from './enums';

/** Most hits one search answers. */
export const SEARCH_LIMIT = 10;

export const searchRequestSchema = z.object({
  search: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters.`)
    .max(SEARCH_MAX_LENGTH, `Type at most ${SEARCH_MAX_LENGTH} characters.`),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

/** A variation found by the search, with what the result line links to. */
export const searchHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  full_name: z.string(),
  price: z.number().int(),
  thumbnail: z.string().nullable(),
  product: z.object({
    slug: z.string(),
    type: productTypeSchema,
    shop: z.object({ name: z.string(), slug: z.string() }),
  }),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
