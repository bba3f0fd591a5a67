/**
 * Typo correction of search words against the catalogue's own words (issue 25, "Typo-tolerant
 * search"), as the dedicated engines do it (Meilisearch's and Typesense's defaults): a word of 4
 * to 7 letters may carry one typo, a longer one two, where a typo is an insertion, a deletion, a
 * substitution or a swap of two neighbouring letters. Words are folded already (lower case, no
 * accents: core's foldSearchText). Pure, so the API and its tests count the same way.
 */

/** The most typos any word may carry. */
const MOST_TYPOS = 2;

/** The typos a catalogue word of this length may be typed with: none below 4 letters, one up to 7, two from 8. */
export function typosAllowed(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * The Damerau-Levenshtein distance between two words (insertions, deletions, substitutions and
 * swaps of two neighbouring letters, one edit each), or `limit + 1` as soon as it must exceed
 * `limit`.
 */
export function typoDistance(a: string, b: string, limit: number): number {
  const aligned = alignmentDistance(a, b, limit);
  // The optimal string alignment below never edits a swapped pair again, so a swap of letters that
  // another typo made neighbours counts three where a shopper made two ("extension", x dropped:
  // "etension", e and t swapped: "teension"). Up to two edits the two agree (one edit is one edit
  // either way), so the full distance is worked out only past that, and only when the letters allow it.
  if (aligned <= 2 || limit < 2 || letterDifference(a, b) > limit) return aligned;
  return Math.min(damerauLevenshtein(a, b), limit + 1);
}

/**
 * The optimal-string-alignment distance (Levenshtein with a swap of two neighbouring letters
 * counted as one edit, each letter edited once at most), or `limit + 1` as soon as it must exceed
 * `limit`.
 */
function alignmentDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  let previousBest = 0;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    // A swap reaches back two rows, so both rows past the limit settle it.
    if (rowBest > limit && previousBest > limit) return limit + 1;
    previousBest = rowBest;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/** Letter counts for letterDifference (ASCII), kept between calls: it runs for most candidate words of a long typed word. */
const asciiCounts = new Int32Array(128);

/**
 * How many letters one word has that the other lacks, the larger way round. An insertion, a
 * deletion or a substitution changes it by one at most and a swap not at all, so it never exceeds
 * the distance: a cheap way to rule a word out.
 */
function letterDifference(a: string, b: string): number {
  if (!isAscii(a) || !isAscii(b)) {
    const counts = new Map<string, number>();
    for (const letter of a) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    for (const letter of b) counts.set(letter, (counts.get(letter) ?? 0) - 1);
    return surplusAndLack(counts.values());
  }
  for (let i = 0; i < a.length; i++) asciiCounts[a.charCodeAt(i)]! += 1;
  for (let i = 0; i < b.length; i++) asciiCounts[b.charCodeAt(i)]! -= 1;
  let surplus = 0;
  let lack = 0;
  // Each code read once and reset, so the array is all zeros again for the next call.
  for (const word of [a, b]) {
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      const count = asciiCounts[code]!;
      if (count > 0) surplus += count;
      else lack -= count;
      asciiCounts[code] = 0;
    }
  }
  return Math.max(surplus, lack);
}

function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 127) return false;
  return true;
}

function surplusAndLack(counts: Iterable<number>): number {
  let surplus = 0;
  let lack = 0;
  for (const count of counts) {
    if (count > 0) surplus += count;
    else lack -= count;
  }
  return Math.max(surplus, lack);
}

/** The unrestricted Damerau-Levenshtein distance (Lowrance and Wagner's algorithm): a swapped pair may be edited again. */
function damerauLevenshtein(a: string, b: string): number {
  const width = b.length + 2;
  const infinity = a.length + b.length;
  // d[(i + 1) * width + (j + 1)]: the distance between a's first i letters and b's first j.
  const d = new Array<number>((a.length + 2) * width).fill(0);
  d[0] = infinity;
  for (let i = 0; i <= a.length; i++) {
    d[(i + 1) * width] = infinity;
    d[(i + 1) * width + 1] = i;
  }
  for (let j = 0; j <= b.length; j++) {
    d[j + 1] = infinity;
    d[width + j + 1] = j;
  }
  // The last row of a in which each letter was seen.
  const lastRow = new Map<string, number>();
  for (let i = 1; i <= a.length; i++) {
    let lastMatchColumn = 0;
    for (let j = 1; j <= b.length; j++) {
      const k = lastRow.get(b[j - 1]!) ?? 0;
      const l = lastMatchColumn;
      let cost = 1;
      if (a[i - 1] === b[j - 1]) {
        cost = 0;
        lastMatchColumn = j;
      }
      d[(i + 1) * width + j + 1] = Math.min(
        d[i * width + j]! + cost,
        d[(i + 1) * width + j]! + 1,
        d[i * width + j + 1]! + 1,
        d[k * width + l]! + (i - k - 1) + 1 + (j - l - 1),
      );
    }
    lastRow.set(a[i - 1]!, i);
  }
  return d[(a.length + 1) * width + b.length + 1]!;
}

/** The catalogue's words, each with how many listed variations use it, grouped by length to search. */
export interface Vocabulary {
  counts: ReadonlyMap<string, number>;
  byLength: ReadonlyMap<number, readonly string[]>;
  /** Every word between line ends, to tell at once whether a typed word is part of one. */
  joined: string;
}

export function buildVocabulary(words: Iterable<readonly [string, number]>): Vocabulary {
  const counts = new Map<string, number>();
  for (const [word, count] of words) if (word) counts.set(word, (counts.get(word) ?? 0) + count);
  const byLength = new Map<number, string[]>();
  for (const word of counts.keys()) {
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  return { counts, byLength, joined: `\n${[...counts.keys()].join('\n')}\n` };
}

/** The most catalogue words one typed word is searched as, when its typo is as close to each. */
export const MOST_WORD_CORRECTIONS = 3;
/** The most corrected queries one search text is searched as (their words' corrections combined). */
export const MOST_QUERY_CORRECTIONS = 4;

/**
 * The catalogue words a typed word may have meant: itself alone when it is part of a catalogue
 * word (the word, the start of one being typed, or the middle of one: "dough" in "sourdough"), or
 * shorter than 3 letters; else every catalogue word it is within that word's allowance of (a word
 * of 4-7 letters one typo, so "cke" finds "cake"; 8 or more two) at the fewest edits found, the
 * most used first, then alphabetically, at most `most` of them ("masure" is one edit from both
 * "mature" and "measure": the engines search both); else itself alone.
 */
export function wordCorrections(vocabulary: Vocabulary, word: string, most = MOST_WORD_CORRECTIONS): string[] {
  if (word.length < 3 || word.includes('\n') || vocabulary.joined.includes(word)) return [word];
  let found: { candidate: string; count: number }[] = [];
  let bestDistance = MOST_TYPOS + 1;
  for (let length = Math.max(4, word.length - MOST_TYPOS); length <= word.length + MOST_TYPOS; length++) {
    const allowed = typosAllowed(length);
    if (Math.abs(length - word.length) > allowed) continue;
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const distance = typoDistance(word, candidate, Math.min(allowed, bestDistance));
      if (distance > allowed || distance > bestDistance) continue;
      if (distance < bestDistance) {
        found = [];
        bestDistance = distance;
      }
      found.push({ candidate, count: vocabulary.counts.get(candidate) ?? 0 });
    }
  }
  if (found.length === 0) return [word];
  found.sort((a, b) => b.count - a.count || (a.candidate < b.candidate ? -1 : 1));
  return found.slice(0, most).map((f) => f.candidate);
}

/**
 * The catalogue word a typed word most likely meant: the first of its `wordCorrections` (fewest
 * edits, then the most used, then the first alphabetically), or itself.
 */
export function correctWord(vocabulary: Vocabulary, word: string): string {
  return wordCorrections(vocabulary, word, 1)[0]!;
}

/**
 * The queries a folded search text may have meant, each word replaced by one of its corrections:
 * the most likely first (every word's first correction, as `correctQuery`), then the others in
 * order, at most `most`. `corrections` gives a word's (the API keeps them per word).
 */
export function queryCorrections(
  folded: string,
  corrections: (word: string) => readonly string[],
  most = MOST_QUERY_CORRECTIONS,
): string[] {
  let queries: string[][] = [[]];
  for (const word of folded.split(' ')) {
    const options = corrections(word);
    const next: string[][] = [];
    for (const query of queries) {
      for (const option of options) {
        if (next.length < most) next.push([...query, option]);
      }
    }
    queries = next;
  }
  return queries.map((words) => words.join(' '));
}

/** A folded query with each word corrected (words split on spaces; the spacing is the fold's). */
export function correctQuery(vocabulary: Vocabulary, folded: string): string {
  return folded
    .split(' ')
    .map((word) => correctWord(vocabulary, word))
    .join(' ');
}
