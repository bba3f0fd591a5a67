import { foldSearchText, SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '@parade/core/catalog';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Case- and accent-insensitive, typo-tolerant text matching shared by POST /search, the
 * `search` filter of the product lists and the shop search.
 *
 * PGlite has no `unaccent`, so both sides are folded the same way, in SQL and in JS:
 *   1. Unicode NFD, then drop the combining accents U+0300..U+036F ("crème" -> "creme");
 *   2. map the few letters that do not decompose (ø, ł, đ, ı) and word punctuation
 *      ("Rise & Crumb", "Bone-In", "5% fat") to plain letters and spaces;
 *   3. lower case, collapse whitespace, trim.
 * Every step is IMMUTABLE in PostgreSQL, so an expression index
 * `gin (<fold(col)> gin_trgm_ops)` can serve it on a large catalogue.
 */
// The letters and punctuation mapped in step 2, shared with the storefront (@parade/core/catalog).
const FROM = SEARCH_FOLD_FROM;
const TO = SEARCH_FOLD_TO;
const COMBINING_MARKS = '[\\u0300-\\u036f]+';

/**
 * Typo tolerance: trigram word_similarity at or above this counts as a match. It is pg_trgm's
 * default `pg_trgm.word_similarity_threshold`, which the index-backed operator `<%` compares
 * with (matchesIndexed), so both kinds of matching agree.
 */
export const FUZZY_THRESHOLD = 0.6;

const FROM_LITERAL = sql.raw(`'${FROM.replaceAll("'", "''")}'`);
const TO_LITERAL = sql.raw(`'${TO}'`);
const MARKS_LITERAL = sql.raw(`'${COMBINING_MARKS}'`);

/** The SQL side of the fold. The literals are our constants (quotes doubled), never user input. */
export function fold(expr: SQLWrapper): SQL<string> {
  const unaccented = sql`regexp_replace(normalize(${expr}, NFD), ${MARKS_LITERAL}, '', 'g')`;
  return sql<string>`btrim(regexp_replace(lower(translate(${unaccented}, ${FROM_LITERAL}, ${TO_LITERAL})), '[[:space:]]+', ' ', 'g'))`;
}

/** The JS side of the fold: the same steps as fold(), written once in @parade/core/catalog. */
export const foldText: (text: string) => string = foldSearchText;

/** Escapes LIKE wildcards so a user's "%" or "_" is matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A LIKE/ILIKE pattern for text anywhere in the value (`%text%`), its wildcards matched literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE/ILIKE pattern for values that start with the text (`text%`), its wildcards matched literally. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/**
 * `(column ilike %search% or ...)` over the columns: the plain case-insensitive search of the
 * merchant and admin lists. No condition when there is no search.
 */
export function ilikeAny(search: string | undefined, ...columns: SQLWrapper[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/**
 * A folded query ready to match: `contains` for substring (and hence prefix) matches, and the
 * folded text itself for trigram similarity.
 */
export interface TextQuery {
  folded: string;
  contains: string;
  prefix: string;
  wordPrefix: string;
}

export function textQuery(raw: string): TextQuery {
  const folded = foldText(raw);
  return {
    folded,
    contains: containsPattern(folded),
    prefix: startsWithPattern(folded),
    wordPrefix: `% ${startsWithPattern(folded)}`,
  };
}

/** True when the folded text contains the query or is a close (typo-tolerant) match of it. */
export function matchesFolded(query: TextQuery, folded: SQLWrapper): SQL {
  return sql`(${folded} like ${query.contains} or word_similarity(${query.folded}, ${folded}) >= ${FUZZY_THRESHOLD})`;
}

/**
 * matchesFolded on a column that already holds folded text and has a trigram GIN index: written
 * with the operators the index serves (LIKE and `<%`, word_similarity >= FUZZY_THRESHOLD), never
 * a function call on the column, which would score every row.
 */
export function matchesIndexed(query: TextQuery, folded: SQLWrapper): SQL {
  return sql`(${folded} like ${query.contains} or ${query.folded} <% ${folded})`;
}

/** matchesFolded on a raw column (folded here). */
export function matchesText(query: TextQuery, expr: SQLWrapper): SQL {
  return matchesFolded(query, fold(expr));
}

/** Trigram closeness of the query to already-folded text, 0..1 (1 = every trigram of the query found). */
export function foldedScore(query: TextQuery, folded: SQLWrapper): SQL<number> {
  return sql<number>`word_similarity(${query.folded}, ${folded})`;
}
