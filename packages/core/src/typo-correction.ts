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
 * The optimal-string-alignment distance between two words (Levenshtein with a swap of two
 * neighbouring letters counted as one edit), or `limit + 1` as soon as it must exceed `limit`.
 */
export function typoDistance(a: string, b: string, limit: number): number {
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

/**
 * The catalogue word a typed word most likely meant: itself when it is part of a catalogue word
 * (the word, the start of one being typed, or the middle of one: "dough" in "sourdough"), or
 * shorter than 3 letters; else the closest catalogue word it is within that word's allowance of
 * (a word of 4-7 letters one typo, so "cke" finds "cake"; 8 or more two), fewest edits first,
 * then the most used, then the first alphabetically; else itself.
 */
export function correctWord(vocabulary: Vocabulary, word: string): string {
  if (word.length < 3 || word.includes('\n') || vocabulary.joined.includes(word)) return word;
  const most = MOST_TYPOS;
  let best = word;
  let bestDistance = most + 1;
  let bestCount = -1;
  for (let length = Math.max(4, word.length - most); length <= word.length + most; length++) {
    const allowed = typosAllowed(length);
    if (Math.abs(length - word.length) > allowed) continue;
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const distance = typoDistance(word, candidate, Math.min(allowed, bestDistance));
      if (distance > allowed) continue;
      const count = vocabulary.counts.get(candidate) ?? 0;
      if (
        distance < bestDistance ||
        (distance === bestDistance && (count > bestCount || (count === bestCount && candidate < best)))
      ) {
        best = candidate;
        bestDistance = distance;
        bestCount = count;
      }
    }
  }
  return best;
}

/** A folded query with each word corrected (words split on spaces; the spacing is the fold's). */
export function correctQuery(vocabulary: Vocabulary, folded: string): string {
  return folded
    .split(' ')
    .map((word) => correctWord(vocabulary, word))
    .join(' ');
}
