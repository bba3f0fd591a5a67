import { buildVocabulary, queryCorrections, type Vocabulary, wordCorrections } from '@parade/core/typo-correction';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { foldText } from '../../lib/text-match';
import { readModelGeneration } from './read-model';

/**
 * The catalogue's own words for typo correction (core's typo-correction.ts): every word of 4 or
 * more letters in the listed variations' folded search text, with how many variations use it.
 * Read in statements of WORDS_CHUNK variations each (marked, so statement counts can tell them from
 * a request's own), kept per database handle, and read again in the background once the read model
 * has changed and the words are REFRESH_MS old (or ten times as old as the last read took, at a
 * million products about 10-40 s): a search never waits for it, and a new product's words are
 * corrected towards within that time (they are found by prefix and trigram at once).
 */
const REFRESH_MS = 30_000;

/** Marks the vocabulary's statement (query-count.test.ts leaves it out of a request's count). */
export const VOCABULARY_STATEMENT_MARK = '/* search vocabulary */';

interface Held {
  vocabulary: Vocabulary | null;
  generation: number;
  loadedAt: number;
  /** How long the last read took: the words are read again no sooner than ten times that. */
  loadMs: number;
  loading: Promise<void> | null;
}

const held = new WeakMap<object, Held>();

/**
 * Variations read per statement (a range of ids): at 1,000,000 products one statement over every variation took
 * longer than the statement timeout (5.5 s), and on PGlite it would hold the one worker as long.
 */
const WORDS_CHUNK = 50_000;

async function readWords(db: DbOrTx): Promise<Vocabulary> {
  const rowsOf = (reply: unknown) => (reply as { rows: Record<string, unknown>[] }).rows;
  const [last] = rowsOf(
    await db.execute(
      sql.raw(`${VOCABULARY_STATEMENT_MARK} select coalesce(max(id), 0) as last from product_variations`),
    ),
  );
  const counts = new Map<string, number>();
  for (let from = 0; from < Number(last?.last ?? 0); from += WORDS_CHUNK) {
    const reply = await db.execute(
      sql.raw(`${VOCABULARY_STATEMENT_MARK}
      select word, count(*)::int as uses
      from (select regexp_split_to_table(search_text, '[[:space:]]+') as word
            from product_variations where listable and id > ${from} and id <= ${from + WORDS_CHUNK}) words
      where length(word) >= 4
      group by word`),
    );
    for (const row of rowsOf(reply)) {
      const word = String(row.word);
      counts.set(word, (counts.get(word) ?? 0) + Number(row.uses));
    }
  }
  return buildVocabulary(counts);
}

/** Reads the words now (at start-up, and in tests before they search); shares a read under way. */
export function loadSearchVocabulary(db: DbOrTx): Promise<void> {
  let entry = held.get(db);
  if (!entry) {
    entry = { vocabulary: null, generation: -1, loadedAt: 0, loadMs: 0, loading: null };
    held.set(db, entry);
  }
  if (entry.loading) return entry.loading;
  const target = entry;
  const generation = readModelGeneration();
  const started = Date.now();
  target.loading = readWords(db)
    .then((vocabulary) => {
      target.vocabulary = vocabulary;
      target.generation = generation;
      target.loadMs = Date.now() - started;
      target.loadedAt = Date.now();
    })
    .finally(() => {
      target.loading = null;
    });
  return target.loading;
}

/**
 * The words as last read, or null before the first read finished (the search then goes on
 * without correction). Starts a background read when they are stale; never waits for it.
 */
export function searchVocabulary(db: DbOrTx): Vocabulary | null {
  const entry = held.get(db);
  const stale =
    !entry ||
    (entry.vocabulary !== null &&
      entry.generation !== readModelGeneration() &&
      Date.now() - entry.loadedAt >= Math.max(REFRESH_MS, entry.loadMs * 10));
  if (stale && !entry?.loading) {
    loadSearchVocabulary(db).catch(() => {
      // A failed read keeps the words it had; the next stale search tries again.
    });
  }
  return entry?.vocabulary ?? null;
}

/** Each typed word's corrections per vocabulary (a new read of the words starts afresh), a bounded number of them. */
const correctionsKept = new WeakMap<Vocabulary, Map<string, string[]>>();
const CORRECTIONS_KEPT = 20_000;

/**
 * A shopper's search text folded, as the queries it may mean once each word's typo is corrected
 * (core's `queryCorrections`): the most likely first, then those a typo as close to another word
 * gives ("masure tape": "mature tape", then "measure tape"). The text alone, folded, while the
 * words are not at hand.
 */
export function correctedSearchTexts(db: DbOrTx, text: string): string[] {
  const folded = foldText(text);
  const vocabulary = searchVocabulary(db);
  if (!vocabulary) return [folded];
  let kept = correctionsKept.get(vocabulary);
  if (!kept) {
    kept = new Map();
    correctionsKept.set(vocabulary, kept);
  }
  const words = kept;
  // Word by word, each word's corrections kept: typed words repeat far more often than whole queries.
  return queryCorrections(folded, (word) => {
    let corrections = words.get(word);
    if (corrections === undefined) {
      if (words.size >= CORRECTIONS_KEPT) words.clear();
      corrections = wordCorrections(vocabulary, word);
      words.set(word, corrections);
    }
    return corrections;
  });
}
