import type { SearchHit } from '@parade/core/catalog-dto';
import { typoDistance, type Vocabulary } from '@parade/core/typo-correction';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonValue } from '../../db/json-value';
import { preparedOn, rawStatement } from '../../db/prepared';
import { containsPattern, FUZZY_THRESHOLD, foldText, textQuery } from '../../lib/text-match';
import { cachedSearchHits } from './list-cache';
import { correctedSearchTexts, searchVocabulary } from './search-vocabulary';

export const SEARCH_LIMIT = 10;
/** Candidates of each kind ranked per query: all matches of a 3-letter query at a million variations would not be. */
export const SEARCH_CANDIDATES = 100;
/** Of which, at most this many whose variation name starts with the query (the likely best matches). */
const PREFIX_CANDIDATES = 50;
/** Rows scored by trigram at most per stage that keeps only close ones (stages 3 and 4's close matches). */
const SEARCH_EXAMINED = 500;

/**
 * POST /search as ONE prepared statement (its text never changes; the query's forms are its
 * parameters, so PostgreSQL plans it once per connection instead of 2-4 ms per search).
 *
 * Candidates: listable variations whose stored folded text (variation full name, product, brand
 * and shop names, one per line; see catalog's read model) matches the query, found in stages, each
 * stopped at its cap inside its index scan, and each later stage run only when the earlier ones
 * cannot fill the reply with hits no later stage could outrank (decision 036). The ranking puts
 * exact names (0) before name prefixes (1), words starting with the query (2), names containing
 * it (3) and close matches only (4), so:
 * 1. `prefix`: up to PREFIX_CANDIDATES whose variation name starts with the query, a range of the
 *    `search_prefix` btree read in its order, all ranked 0 or 1. With SEARCH_LIMIT of them the
 *    search is done.
 * 2. `words`: up to SEARCH_CANDIDATES containing the query whose text has its words as words (all
 *    whole but the last, which may start one: `sourdough & lo:*`), by the `search_words` full-text
 *    index (migration 0020), whose posting lists of whole words are short where the trigram lists a
 *    `like '%q%'` reads are long. Every variation where the query starts a word of a name (rank 2
 *    or better) is among them: with SEARCH_LIMIT such (stage 1's counted), the search is done.
 * 3. `starts`: up to SEARCH_CANDIDATES that may be hits (containing the query, or a trigram score
 *    of 0.6) among the first SEARCH_EXAMINED whose words start with each of the query's words or
 *    are a catalogue word one edit from it, in any order (startsQuery: `e:* & boo:* & pdf:*` finds
 *    "e book pdf"), by the same index.
 *    With SEARCH_LIMIT containing the query among stages 1-3, nothing of stage 4 could outrank them
 *    but its arbitrary others of rank 3 (as before: the containing candidates were always any 100).
 * 4. as before decision 036 in what it finds: up to SEARCH_CANDIDATES containing the query and,
 *    when fewer than SEARCH_LIMIT do, up to SEARCH_CANDIDATES close to it (trigram score 0.6,
 *    typos). Containing ones by the words' index for the query's words after the first of three
 *    letters or more (innerQuery), else by the trigram index for its longest word, the whole query
 *    rechecked on at most 4 * SEARCH_EXAMINED of them; close ones among the first SEARCH_EXAMINED variations with words starting like the
 *    query's or one edit from them (nearQuery), by the trigram index (`<%`) when no word of the
 *    query has three letters. The trigram lists are what costs: those of word-start trigrams such as "  e" hold
 *    most of the catalogue.
 * PostgreSQL runs a stage's `(select ok from ...)` once, before its scan, and skips the scan when
 * it is false. Only the candidates are split into their four names, scored with `word_similarity`
 * and ranked (then by score, best seller, shorter name); the products of the 10 returned are
 * joined last.
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
  -- A CTE of its own, planned without the limit below (which would make a sequential scan look
  -- cheaper than the words' index); read only as far as that limit pulls.
  starts_rows as materialized (
    select id, search_text from product_variations
    where not (select ok from prefix_enough) and not (select ok from words_enough) and listable
      and to_tsvector('simple'::regconfig, search_text) @@ ${sql.placeholder('starts')}::tsquery),
  starts as materialized (
    -- Only what may be a hit counts towards the cap (a near word's rows must not crowd out the
    -- rest), and at most SEARCH_EXAMINED rows are scored for it (a common word's rows are many).
    select id, search_text from (select * from starts_rows limit ${sql.raw(String(SEARCH_EXAMINED))}) examined
    where strpos(search_text, ${sql.placeholder('folded')}) > 0
      or word_similarity(${sql.placeholder('folded')}, search_text) >= ${sql.raw(String(FUZZY_THRESHOLD))}
    limit ${sql.raw(String(SEARCH_CANDIDATES))}),
  starts_enough as (
    select count(*) >= ${sql.raw(String(SEARCH_LIMIT))} as ok from (
      select id from prefix
      union
      select id from words
      union
      select id from starts where strpos(search_text, ${sql.placeholder('folded')}) > 0
    ) containing_hit),
  containing_words as (
    select id from product_variations
    where not (select ok from prefix_enough) and not (select ok from words_enough) and not (select ok from starts_enough)
      and ${sql.placeholder('inner')}::tsquery is not null
      and listable and to_tsvector('simple'::regconfig, search_text) @@ ${sql.placeholder('inner')}::tsquery
      and strpos(search_text, ${sql.placeholder('folded')}) > 0
    limit ${sql.raw(String(SEARCH_CANDIDATES))}),
  containing_trigram_rows as materialized (
    select id, search_text from product_variations
    where not (select ok from prefix_enough) and not (select ok from words_enough) and not (select ok from starts_enough)
      and ${sql.placeholder('inner')}::tsquery is null
      and listable and search_text like ${sql.placeholder('longest')}),
  containing_trigrams as (
    -- At most 4 * SEARCH_EXAMINED rows holding the longest word are rechecked for the whole query.
    select id from (select * from containing_trigram_rows limit ${sql.raw(String(4 * SEARCH_EXAMINED))}) examined
    where strpos(search_text, ${sql.placeholder('folded')}) > 0
    limit ${sql.raw(String(SEARCH_CANDIDATES))}),
  containing as materialized (select id from containing_words union all select id from containing_trigrams),
  fuzzy_rows as materialized (
    select id, search_text from product_variations
    where not (select ok from prefix_enough) and not (select ok from words_enough) and not (select ok from starts_enough)
      and (select count(*) from containing) < ${sql.raw(String(SEARCH_LIMIT))}
      and ${sql.placeholder('near')}::tsquery is not null
      and listable and to_tsvector('simple'::regconfig, search_text) @@ ${sql.placeholder('near')}::tsquery),
  fuzzy as (
    select id from (select * from fuzzy_rows limit ${sql.raw(String(SEARCH_EXAMINED))}) examined
    -- As <%, which the trigram index would serve; written so the planner uses the words' index.
    where word_similarity(${sql.placeholder('folded')}, search_text) >= ${sql.raw(String(FUZZY_THRESHOLD))}
    limit ${sql.raw(String(SEARCH_CANDIDATES))}),
  fuzzy_trigrams as (
    select id from product_variations
    where not (select ok from prefix_enough) and not (select ok from words_enough) and not (select ok from starts_enough)
      and (select count(*) from containing) < ${sql.raw(String(SEARCH_LIMIT))}
      and ${sql.placeholder('near')}::tsquery is null
      and listable and ${sql.placeholder('folded')} <% search_text
    limit ${sql.raw(String(SEARCH_CANDIDATES))}),
  candidate as (
    select id from prefix union select id from words union select id from starts
    union select id from containing union select id from fuzzy union select id from fuzzy_trigrams),
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
 * The full-text query of stage 2: every word whole but the last, which may be the start of one,
 * words under three letters left to the recheck; null (stage skipped) unless the text is words of
 * letters and digits, which PostgreSQL's parser reads as the same words.
 */
export function wordsQuery(folded: string): string | null {
  if (!WORDS.test(folded)) return null;
  const words = folded.split(' ');
  const terms = words.map((word, i) => (i === words.length - 1 ? `'${word}':*` : `'${word}'`));
  // Words under three letters only in the recheck when a longer one narrows the scan: `g:*`
  // alone reads the lists of every word starting with g (at a million products, 100+ ms).
  const narrow = terms.filter((_, i) => words[i]!.length >= 3);
  return (narrow.length ? narrow : terms).join(' & ');
}

const WORDS = /^[a-z0-9]+( [a-z0-9]+)*$/;
/**
 * The full-text query of stage 4's close matches: variations with, for each of the query's two
 * longest words of three letters or more, a word that starts like it (its first letters, all but the last two, at
 * least three) or is a catalogue word one edit from it; a close match (trigram score 0.6 over the
 * whole query) has them almost always, and these short lists cost a fraction of the trigram lists
 * `<%` reads. Null when no word has three letters (then the trigram index is read, as before).
 */
export function nearQuery(vocabulary: Vocabulary | null, folded: string): string | null {
  if (!WORDS.test(folded)) return null;
  // The two longest words: with more, one typo beyond reach in a long query would lose it.
  const longest = folded
    .split(' ')
    .filter((word) => word.length >= 3)
    .sort((a, b) => b.length - a.length)
    .slice(0, 2);
  const parts = longest.map((word) => {
    const options = new Set([`'${word.slice(0, Math.max(3, word.length - 2))}':*`]);
    for (const near of nearWords(vocabulary, word)) options.add(`'${near}'`);
    return options.size === 1 ? [...options][0] : `(${[...options].join(' | ')})`;
  });
  return parts.length ? parts.join(' & ') : null;
}

/**
 * The full-text query of stage 4's containing candidates when the query has two words or more:
 * its inner words whole and its last as the start of a word (the first may end a longer word:
 * "dough loaf" in "sourdough loaf"); null for one word (then the trigram index is read).
 */
export function innerQuery(folded: string): string | null {
  if (!WORDS.test(folded)) return null;
  const words = folded.split(' ');
  // Words under three letters only in the recheck: `g:*` alone reads most of the catalogue.
  const parts = words
    .map((word, i) => (i === 0 || word.length < 3 ? null : i === words.length - 1 ? `'${word}':*` : `'${word}'`))
    .filter((part) => part !== null);
  return parts.length ? parts.join(' & ') : null;
}

/** The query's longest word as a `like` pattern: the trigram index reads its lists, not the short words'. */
function longestWordPattern(folded: string): string {
  const longest = folded.split(' ').reduce((best, word) => (word.length > best.length ? word : best), '');
  return containsPattern(longest);
}

/** nearWords' answers per vocabulary (a new read of the words starts afresh), a bounded number. */
const nearWordsKept = new WeakMap<Vocabulary, Map<string, string[]>>();
const NEAR_WORDS_KEPT = 20_000;

/** Catalogue words one edit from a typed word (three letters or more), the most used first. */
function nearWords(vocabulary: Vocabulary | null, word: string): string[] {
  if (!vocabulary) return [];
  let kept = nearWordsKept.get(vocabulary);
  if (!kept) {
    kept = new Map();
    nearWordsKept.set(vocabulary, kept);
  }
  let found = kept.get(word);
  if (!found) {
    if (kept.size >= NEAR_WORDS_KEPT) kept.clear();
    found = findNearWords(vocabulary, word);
    kept.set(word, found);
  }
  return found;
}

function findNearWords(vocabulary: Vocabulary, word: string): string[] {
  const near: [string, number][] = [];
  if (word.length >= 3) {
    for (let length = word.length - 1; length <= word.length + 1; length++) {
      for (const candidate of vocabulary.byLength.get(length) ?? []) {
        if (candidate !== word && typoDistance(word, candidate, 1) <= 1) {
          near.push([candidate, vocabulary.counts.get(candidate) ?? 0]);
        }
      }
    }
  }
  near.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return near.slice(0, NEAR_WORDS).map(([candidate]) => candidate);
}

/** Catalogue words one edit from a typed word that stages 3 and 4 also look for, the most used first. */
const NEAR_WORDS = 6;

/**
 * The full-text query of stage 3: each word of the query as the start of a word, or one of the
 * catalogue's words one edit from it (a word of three letters, or one the corrector kept because
 * it is part of a longer word: "bef" also looks for "beef"), every word required.
 */
export function startsQuery(vocabulary: Vocabulary | null, folded: string, typed = folded): string | null {
  if (!WORDS.test(folded)) return null;
  const words = folded.split(' ');
  const asTyped = typed.split(' ');
  // Words of one or two letters ("kg" beside "1kg") say little and miss often: left out, unless
  // that leaves nothing.
  const kept = words.filter((word) => word.length >= 3).length ? words.filter((word) => word.length >= 3) : words;
  return kept
    .map((word) => {
      const typedWord = asTyped.length === words.length ? asTyped[words.indexOf(word)] : undefined;
      const options = [
        `'${word}':*`,
        // The word as typed, when the corrector changed it ("fat" corrected to "flat").
        ...(typedWord && typedWord !== word && /^[a-z0-9]+$/.test(typedWord) ? [`'${typedWord}':*`] : []),
        ...nearWords(vocabulary, word).map((candidate) => `'${candidate}'`),
      ];
      return options.length === 1 ? options[0] : `(${options.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * POST /search: up to 10 active variations of active products of active shops whose product,
 * variation, brand or shop name matches the text, case- and accent-insensitively, by prefix or
 * with typos (one in a word of 4-7 letters, two from 8, corrected against the catalogue's words;
 * closer misspellings by trigram), best match first.
 */
export async function searchVariations(db: DbOrTx, text: string): Promise<SearchHit[]> {
  // Each word with a typo beyond the trigram's reach corrected to the catalogue's own word
  // ("sourdugh" -> "sourdough"; search-vocabulary.ts), each corrected text's hits then kept a few
  // seconds by it, so "Bag", "bag " and "BAG" share one entry (list-cache.ts).
  const [likeliest = '', ...others] = correctedSearchTexts(db, text);
  let hits = await cachedSearchHits(db, likeliest, () => findVariations(db, likeliest, text));
  // A typo as close to another catalogue word ("masure": "mature" or "measure") fills the room
  // the likeliest reading leaves, in the order of its own ranking: "masure tape" finds the tape
  // measure though no mature tape exists. The likeliest reading's hits keep their places.
  for (const other of others) {
    if (hits.length >= SEARCH_LIMIT) break;
    const more = await cachedSearchHits(db, other, () => findVariations(db, other, text));
    const shown = new Set(hits.map((hit) => hit.id));
    hits = [...hits, ...more.filter((hit) => !shown.has(hit.id))].slice(0, SEARCH_LIMIT);
  }
  return hits;
}

async function findVariations(db: DbOrTx, text: string, typed?: string): Promise<SearchHit[]> {
  const query = textQuery(text);
  const vocabulary = searchVocabulary(db);
  const { rows } = await preparedOn(db, 'catalog_search', () => rawStatement<SearchRow>(db, searchStatement)).execute({
    folded: query.folded,
    lo: query.folded,
    hi: query.folded + LAST_CHARACTER,
    words: wordsQuery(query.folded),
    starts: startsQuery(vocabulary, query.folded, typed === undefined ? undefined : foldText(typed)),
    near: nearQuery(vocabulary, query.folded),
    inner: innerQuery(query.folded),
    longest: longestWordPattern(query.folded),
    contains: query.contains,
    prefix: query.prefix,
    wordPrefix: query.wordPrefix,
  });
  return rows.map((r) => {
    const images = (jsonValue(r.images) ?? []) as string[];
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
