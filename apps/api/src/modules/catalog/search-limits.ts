import { SEARCH_MIN_LENGTH, searchTermLongEnough } from '@parade/core/catalog';
import type { FastifyRequest } from 'fastify';
import { invalidField } from '../../lib/errors';

/**
 * What a search may cost. Searching is the most expensive public read: POST /search (the
 * autocomplete) and the `search` filter of GET /products both scan the trigram indexes.
 */

/** Per client address, as the contract says for "search and autocomplete": 120 a minute. */
export const SEARCH_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * True when the request asks a product-list search (a non-empty `search` in its query string,
 * as sent: this runs before validation). Plain browsing is not a search and is not limited.
 */
export function asksSearch(request: FastifyRequest): boolean {
  const search = (request.query as Record<string, unknown> | undefined)?.search;
  if (search === undefined) return false;
  return typeof search !== 'string' || search.trim() !== '';
}

/**
 * A product-list search must hold at least SEARCH_MIN_LENGTH letters or digits once folded
 * (accents, case and punctuation dropped, spaces not counted), as POST /search asks 3
 * characters. Shorter ones are what the trigram index cannot narrow: at 100,000 products
 * `ab`, `q` or `s 1` took 0.5-1.3 s a statement against 35-80 ms for three letters or more, so
 * they are refused (422) rather than run. An empty `search` is no search. The longest (SEARCH_MAX_LENGTH, 100
 * characters) is the schema's and costs no more than a short one (about 35 ms).
 */
export function assertSearchable(search: string | undefined): void {
  if (search === undefined || search.trim() === '') return;
  // The storefront asks the same rule before sending a search (it lists without one instead).
  if (searchTermLongEnough(search)) return;
  throw invalidField('search', `Type at least ${SEARCH_MIN_LENGTH} letters or digits to search.`);
}
