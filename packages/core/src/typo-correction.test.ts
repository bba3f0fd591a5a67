import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildVocabulary,
  correctQuery,
  correctWord,
  queryCorrections,
  typoDistance,
  typosAllowed,
  wordCorrections,
} from './typo-correction';

/** The same distance without a limit, the textbook way (Lowrance and Wagner's Damerau-Levenshtein, written out whole). */
function reference(a: string, b: string): number {
  const infinity = a.length + b.length;
  const d = Array.from({ length: a.length + 2 }, () => new Array<number>(b.length + 2).fill(0));
  d[0]![0] = infinity;
  for (let i = 0; i <= a.length; i++) {
    d[i + 1]![0] = infinity;
    d[i + 1]![1] = i;
  }
  for (let j = 0; j <= b.length; j++) {
    d[0]![j + 1] = infinity;
    d[1]![j + 1] = j;
  }
  const seen: Record<string, number> = {};
  for (let i = 1; i <= a.length; i++) {
    let matched = 0;
    for (let j = 1; j <= b.length; j++) {
      const k = seen[b[j - 1]!] ?? 0;
      const l = matched;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      if (cost === 0) matched = j;
      d[i + 1]![j + 1] = Math.min(
        d[i]![j]! + cost,
        d[i + 1]![j]! + 1,
        d[i]![j + 1]! + 1,
        d[k]![l]! + (i - k - 1) + 1 + (j - l - 1),
      );
    }
    seen[a[i - 1]!] = i;
  }
  return d[a.length + 1]![b.length + 1]!;
}

describe('typoDistance', () => {
  it('counts an insertion, a deletion, a substitution and a swap as one edit each', () => {
    expect(typoDistance('bread', 'bread', 2)).toBe(0);
    expect(typoDistance('bred', 'bread', 2)).toBe(1);
    expect(typoDistance('breads', 'bread', 2)).toBe(1);
    expect(typoDistance('brend', 'bread', 2)).toBe(1);
    expect(typoDistance('bread', 'braed', 2)).toBe(1);
    expect(typoDistance('spagetti', 'spaghetti', 2)).toBe(1);
    expect(typoDistance('sourdugh', 'sourdough', 2)).toBe(1);
    expect(typoDistance('lilht', 'light', 2)).toBe(1);
    expect(typoDistance('barzel', 'barrel', 2)).toBe(1);
  });

  it('counts two typos as two when the second swaps letters the first made neighbours', () => {
    // "extension": the x dropped ("etension"), then e and t swapped. An alignment that edits each
    // letter once counts three.
    expect(typoDistance('teension', 'extension', 2)).toBe(2);
    expect(typoDistance('extension', 'teension', 2)).toBe(2);
    expect(typoDistance('ca', 'abc', 2)).toBe(2);
    expect(typoDistance('tëënsion', 'ëxtënsion', 2)).toBe(2);
    // Still past the limit when it is.
    expect(typoDistance('teension', 'extension', 1)).toBe(2);
    expect(typoDistance('tesnion', 'extension', 2)).toBe(3);
  });

  it('equals the textbook distance up to its limit, and says "more" past it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), maxLength: 9 }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 }),
        fc.integer({ min: 0, max: 3 }),
        (a, b, limit) => {
          const exact = reference(a, b);
          expect(typoDistance(a, b, limit)).toBe(Math.min(exact, limit + 1));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('correctWord', () => {
  const vocabulary = buildVocabulary([
    ['sourdough', 4],
    ['spaghetti', 2],
    ['light', 3],
    ['barrel', 1],
    ['bread', 9],
    ['brie', 1],
    ['tomatoes', 5],
    ['tomato', 2],
  ]);

  it('allows one typo in 4 to 7 letters, two from 8, none below 4', () => {
    expect([3, 4, 7, 8, 12].map(typosAllowed)).toEqual([0, 1, 1, 2, 2]);
    expect(correctWord(vocabulary, 'sourdugh')).toBe('sourdough');
    expect(correctWord(vocabulary, 'spagetti')).toBe('spaghetti');
    expect(correctWord(vocabulary, 'lilht')).toBe('light');
    expect(correctWord(vocabulary, 'barzel')).toBe('barrel');
    // Two typos: "sourdough" has nine letters, so it may carry them.
    expect(correctWord(vocabulary, 'sordugh')).toBe('sourdough');
    // Two typos where the second swaps letters the first made neighbours.
    expect(correctWord(vocabulary, 'asghetti')).toBe('spaghetti');
    expect(correctWord(vocabulary, 'osurdgh')).toBe('osurdgh');
    // Two typos in a word of 5 letters is too many.
    expect(correctWord(vocabulary, 'lihgtt')).toBe('lihgtt');
    // The allowance is the catalogue word's: "brie" typed as three letters is one typo, "bread" as "brd" two.
    expect(correctWord(vocabulary, 'brd')).toBe('brd');
    expect(correctWord(vocabulary, 'brid')).toBe('brie');
    expect(correctWord(vocabulary, 'bie')).toBe('brie');
    expect(correctWord(vocabulary, 'xy')).toBe('xy');
  });

  it('keeps a catalogue word, the start of one being typed, and a part of one', () => {
    expect(correctWord(vocabulary, 'brie')).toBe('brie');
    expect(correctWord(vocabulary, 'toma')).toBe('toma');
    expect(correctWord(vocabulary, 'sourd')).toBe('sourd');
    // Not "rough" or "tough": it is in "sourdough".
    expect(correctWord(vocabulary, 'dough')).toBe('dough');
  });

  it('prefers fewer edits, then the more used word', () => {
    // "bred": one edit from "bread", two from "brie".
    expect(correctWord(vocabulary, 'bred')).toBe('bread');
    expect(correctWord(vocabulary, 'tomatos')).toBe('tomatoes');
  });

  it('corrects each word of a query', () => {
    expect(correctQuery(vocabulary, 'sourdugh xy')).toBe('sourdough xy');
    expect(correctQuery(vocabulary, 'lilht barzel')).toBe('light barrel');
  });
});

describe('wordCorrections and queryCorrections: a typo as close to several words', () => {
  const vocabulary = buildVocabulary([
    ['mature', 6],
    ['measure', 2],
    ['nature', 2],
    ['tape', 3],
    ['cheddar', 4],
    ['bread', 9],
  ]);

  it('gives every word at the fewest edits, the most used first, then alphabetically', () => {
    // One edit from each: a substitution ("mature", "nature") or an insertion ("measure").
    expect(wordCorrections(vocabulary, 'masure')).toEqual(['mature', 'measure']);
    expect(wordCorrections(vocabulary, 'mture')).toEqual(['mature']);
    expect(wordCorrections(vocabulary, 'xature')).toEqual(['mature', 'nature']);
    expect(wordCorrections(vocabulary, 'xature', 1)).toEqual(['mature']);
    expect(correctWord(vocabulary, 'masure')).toBe('mature');
  });

  it('keeps a word that needs no correction, and one that has none, alone', () => {
    expect(wordCorrections(vocabulary, 'tape')).toEqual(['tape']);
    expect(wordCorrections(vocabulary, 'chedd')).toEqual(['chedd']);
    expect(wordCorrections(vocabulary, 'zzzzzz')).toEqual(['zzzzzz']);
    expect(wordCorrections(vocabulary, 'ab')).toEqual(['ab']);
  });

  it("combines the words' corrections, the most likely query first, at most the limit", () => {
    const corrections = (word: string) => wordCorrections(vocabulary, word);
    expect(queryCorrections('masure tape', corrections)).toEqual(['mature tape', 'measure tape']);
    expect(queryCorrections('tape masure', corrections)).toEqual(['tape mature', 'tape measure']);
    expect(queryCorrections('bread', corrections)).toEqual(['bread']);
    expect(queryCorrections('masure xature', corrections)).toEqual([
      'mature mature',
      'mature nature',
      'measure mature',
      'measure nature',
    ]);
    expect(queryCorrections('masure xature', corrections, 3)).toHaveLength(3);
    expect(queryCorrections('masure tape', corrections)[0]).toBe(correctQuery(vocabulary, 'masure tape'));
  });
});
