import type { SearchHit } from '@parade/core/catalog-dto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOn, rawStatement } from '../../db/prepared';
import { FUZZY_THRESHOLD, textQuery } from '../../lib/text-match';
import { cachedSearchHits } from './list-cache';
import { correctedSearchText } from './search-vocabulary';

export const SEARCH_LIMIT = 10;
/** Candidates of each kind ranked per query: all matches of a 3-letter query at a million variations would not be. */
export const SEARCH_CANDIDATES = 100;
/** Of which, at most this many whose variation name starts with the query (the likely best matches). */
const PREFIX_CANDIDATES = 50;

/**
 * POST /search as ONE prepared statement (its text never changes; the query's forms are its
 * parameters, so PostgreSQL plans it once per connection instead of 2-4 ms per search).
 *
 * Candidates: listable variations whose stored folded text (variation full name, product, brand
 * and shop names, one per line; see catalog's read model) matches the query, found in stages, each
 * stopped at its cap inside its index scan, and each later stage run only when the earlier ones
 * cannot fill the reply with matches no later stage could outrank (decision 036):
 * 1. `prefix`: up to PREFIX_CANDIDATES whose variation name starts with the query, a range of the
 *    `search_prefix` btree read in its order. Each ranks 0 or 1 (exact or name prefix): with
 *    SEARCH_LIMIT of them, nothing found later could come before them, and the search is done.
 * 2. `words`: up to SEARCH_CANDIDATES containing the query whose text has the query's words as
 *    words (every word whole but the last, which may be the start of one: `sourdough & lo:*`),
 *    by the `search_words` full-text index (migration 0020), whose short posting lists of whole
 *    words cost a fraction of the trigram lists a `like '%q%'` reads. Every variation where the
 *    query starts a word of a name (rank 2 or better) is among them; with SEARCH_LIMIT such
 *    (counting stage 1's), rank 3 (contained inside a word) and 4 (fuzzy) could not reach the reply.
 *    Skipped when the query holds anything but letters, digits and spaces (the parser's words).
 * 3. as before decision 036, only when the stages above fall short: up to SEARCH_CANDIDATES that
 *    contain the query (trigram index, `like '%q%'`) and, when fewer than SEARCH_LIMIT contain
 *    it, up to SEARCH_CANDIDATES close to it (`<%`, typos).
 * PostgreSQL runs a stage's `(select ok from ...)` once, before its scan, and skips the scan when
 * it is false. Only the candidates are split into their four names, scored with `word_similarity`
 * and ranked (exact, prefix, word prefix, contains, fuzzy; then score, best seller, shorter name);
 * the products of the 10 returned are joined last.
 */
const searchStatement = sql`
  with prefix as materialized (
    select id from product_variations
    where listable and search_text ~>=~ ${sql.placeholder('lo')} and search_text ~<~ ${sql.placeholder('hi')}
    order by search_text using ~<~
    limit ${sql.raw(String(PREFIX_CANDIDATES))}),
  prefix_enough as (select count(*) >= ${sql.raw(String(SEARCH_LIMIT))} as ok from prefix),
  words as materialized (
    select id, search_text from product_variations
    where not (select ok from prefix_enough) and listable
      and to_tsvector('simple'::regconfig, search_text) @@ ${sql.placeholder('words')}::tsquery
      -- Contains the query (strpos, not like: the planner must use the words' index here, not the trigrams').
      and strpos(search_text, ${sql.placeholder('folded')}) > 0
    limit ${sql.raw(String(SEARCH_CANDIDATES))}),
  words_enough as (
    select count(*) >= ${sql.raw(String(SEARCH_LIMIT))} as ok from (
      select id from prefix
      union
      select id from words
      where (' ' || split_part(search_text, E'\\n', 1)) like ${sql.placeholder('wordPrefix')}
         or (' ' || split_part(search_text, E'\\n', 3)) like ${sql.placeholder('wordPrefix')}
         or (' ' || split_part(search_text, E'\\n', 4)) like ${sql.placeholder('wordPrefix')}
    ) word_start),
  containing as materialized (
    select id from product_variations
    where not (select ok from prefix_enough) and not (select ok from words_enough)
      and listable and search_text like ${sql.placeholder('contains')}
    limit ${sql.raw(String(SEARCH_CANDIDATES))}),
  fuzzy as (
    select id from product_variations
    where not (select ok from prefix_enough) and not (select ok from words_enough)
      and (select count(*) from containing) < ${sql.raw(String(SEARCH_LIMIT))}
      and listable and ${sql.placeholder('folded')} <% search_text
    limit ${sql.raw(String(SEARCH_CANDIDATES))}),
  candidate as (
    select id from prefix union select id from words union select id from containing union select id from fuzzy),
  named as (
    select v.id, v.name, v.slug, v.full_name, v.price, v.images, v.units_sold, v.product_id,
      split_part(v.search_text, E'\\n', 1) as variation_text,
      split_part(v.search_text, E'\\n', 2) as product_text,
      split_part(v.search_text, E'\\n', 3) as brand_text,
      split_part(v.search_text, E'\\n', 4) as shop_text
    from candidate join product_variations v on v.id = candidate.id),
  scored as (
    select named.*,
      word_similarity(${sql.placeholder('folded')}, variation_text) as variation_score,
      word_similarity(${sql.placeholder('folded')}, product_text) as product_score,
      case when brand_text = '' then 0 else word_similarity(${sql.placeholder('folded')}, brand_text) end as brand_score,
      word_similarity(${sql.placeholder('folded')}, shop_text) as shop_score
    from named),
  ranked as (
    select scored.*,
      case
        when variation_text = ${sql.placeholder('folded')} or product_text = ${sql.placeholder('folded')} then 0
        when variation_text like ${sql.placeholder('prefix')} or product_text like ${sql.placeholder('prefix')} then 1
        when (' ' || variation_text) like ${sql.placeholder('wordPrefix')} or (' ' || brand_text) like ${sql.placeholder('wordPrefix')}
          or (' ' || shop_text) like ${sql.placeholder('wordPrefix')} then 2
        when variation_text like ${sql.placeholder('contains')} or brand_text like ${sql.placeholder('contains')}
          or shop_text like ${sql.placeholder('contains')} then 3
        else 4 end as tier,
      -- Brand and shop names weigh a little less than the product's own names.
      greatest(variation_score, product_score, brand_score * 0.9, shop_score * 0.8) as score
    from scored
    -- The stored text matched as a whole; a hit must match by one of its names.
    where (variation_text like ${sql.placeholder('contains')} or variation_score >= ${sql.raw(String(FUZZY_THRESHOLD))})
      or (product_text like ${sql.placeholder('contains')} or product_score >= ${sql.raw(String(FUZZY_THRESHOLD))})
      or (brand_text like ${sql.placeholder('contains')} or brand_score >= ${sql.raw(String(FUZZY_THRESHOLD))})
      or (shop_text like ${sql.placeholder('contains')} or shop_score >= ${sql.raw(String(FUZZY_THRESHOLD))})
    order by tier, score desc, units_sold desc, length(full_name), id
    limit ${sql.raw(String(SEARCH_LIMIT))})
  select ranked.id, ranked.name, ranked.slug, ranked.full_name, ranked.price, ranked.images,
    p.slug as product_slug, p.type as product_type, p.shop_name, p.shop_slug
  from ranked join products p on p.id = ranked.product_id
  order by ranked.tier, ranked.score desc, ranked.units_sold desc, length(ranked.full_name), ranked.id`;

interface SearchRow {
  id: number;
  name: string;
  slug: string;
  full_name: string;
  price: number;
  images: string[] | string | null;
  product_slug: string;
  product_type: SearchHit['product']['type'];
  shop_name: string | null;
  shop_slug: string | null;
}

/** The highest code point: `q` then it bounds, byte-wise, every text that starts with `q`. */
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);

/**
 * The full-text query of stage 2: every word whole but the last, which may be the start of one;
 * null (stage skipped) unless the text is words of letters and digits, which PostgreSQL's parser
 * reads as the same words.
 */
export function wordsQuery(folded: string): string | null {
  if (!/^[a-z0-9]+( [a-z0-9]+)*$/.test(folded)) return null;
  const words = folded.split(' ');
  return words.map((word, i) => (i === words.length - 1 ? `'${word}':*` : `'${word}'`)).join(' & ');
}

/**
 * POST /search: up to 10 active variations of active products of active shops whose product,
 * variation, brand or shop name matches the text, case- and accent-insensitively, by prefix or
 * with typos (one in a word of 4-7 letters, two from 8, corrected against the catalogue's words;
 * closer misspellings by trigram), best match first.
 */
export function searchVariations(db: DbOrTx, text: string): Promise<SearchHit[]> {
  // Each word with a typo beyond the trigram's reach corrected to the catalogue's own word
  // ("sourdugh" -> "sourdough"; search-vocabulary.ts), then kept a few seconds by the folded
  // text, so "Bag", "bag " and "BAG" share one entry (list-cache.ts).
  const corrected = correctedSearchText(db, text);
  return cachedSearchHits(db, corrected, () => findVariations(db, corrected));
}

async function findVariations(db: DbOrTx, text: string): Promise<SearchHit[]> {
  const query = textQuery(text);
  const { rows } = await preparedOn(db, 'catalog_search', () => rawStatement<SearchRow>(db, searchStatement)).execute({
    folded: query.folded,
    lo: query.folded,
    hi: query.folded + LAST_CHARACTER,
    words: wordsQuery(query.folded),
    contains: query.contains,
    prefix: query.prefix,
    wordPrefix: query.wordPrefix,
  });
  return rows.map((r) => {
    const images: string[] = typeof r.images === 'string' ? JSON.parse(r.images) : (r.images ?? []);
    return {
      id: Number(r.id),
      name: r.name,
      slug: r.slug,
      full_name: r.full_name,
      price: Number(r.price),
      thumbnail: images[0] ?? null,
      product: {
        slug: r.product_slug,
        type: r.product_type,
        shop: { name: r.shop_name ?? '', slug: r.shop_slug ?? '' },
      },
    };
  });
}
