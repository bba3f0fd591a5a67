/**
 * POST /search reads the catalogue read model, which the catalog module owns (its tables, its
 * stored folded text and trigram indexes): the query lives there, in catalog/search.ts.
 */
export { SEARCH_LIMIT, SEARCH_RATE_LIMIT, searchVariations } from '../catalog';
