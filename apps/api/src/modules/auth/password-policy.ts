import { authMessages } from '@parade/core/auth-schemas';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { invalidField } from '../../lib/errors';
import { localCommonPasswords } from './common-passwords';
import { demoPasswords } from './published-passwords';

/** Who sets the password: their name and e-mail are words a guesser tries first. */
export interface PasswordContext {
  name?: string | null;
  email?: string | null;
}

/**
 * Words anyone guessing a password here tries first: the site's name and the published demo
 * passwords, whole and in pieces (a "parade-customer-2027" is one of them).
 */
const siteWords = ['parade', ...Object.values(demoPasswords)];

// Words shorter than this are left out of the context: "al" or "jo" would match inside anything.
const MIN_WORD = 3;

/** The context words of one password: the site's, the person's name and e-mail (whole, local part, their pieces). */
export function contextWords({ name, email }: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (text: string | null | undefined) => {
    const whole = text?.trim().toLowerCase();
    if (!whole) return;
    if (whole.length >= MIN_WORD) words.add(whole);
    for (const piece of whole.split(/[^\p{L}\p{N}]+/u)) if (piece.length >= MIN_WORD) words.add(piece);
  };
  for (const word of siteWords) add(word);
  add(name);
  add(email);
  add(email?.split('@')[0]);
  return [...words];
}

// Passwords are estimated on their first 64 characters: the estimate's cost grows quickly with
// length (a 128-character one takes up to a second of CPU), and 64 characters that hold nothing
// but common words and patterns make a weak password whatever follows.
const ESTIMATED_LENGTH = 64;

let estimator: Promise<ZxcvbnFactory> | null = null;

/**
 * zxcvbn with the breach list of @zxcvbn-ts/language-common (about 49,000 passwords, most used
 * first), its diceware words and keyboard layouts, and our own list (measured: about 10 MB more
 * resident memory, 6 MB of it heap, and 0.4 to 0.7 s of CPU on a busy two-core machine to
 * decompress and index). The server loads it once it has started (warmPasswordEstimator), so the
 * first sign-up does not hold every request behind it for half a second.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, 'parade-common': localCommonPasswords },
      graphs: common.adjacencyGraphs,
      maxLength: ESTIMATED_LENGTH,
    });
  })();
  estimator.catch(() => {
    estimator = null;
  });
  return estimator;
}

/** Loads the estimator now (the app calls it once ready); resolves when it is. */
export async function warmPasswordEstimator(): Promise<void> {
  await loadEstimator();
}

/**
 * True when nothing but context words, digits, symbols and spaces is left once the context words
 * are taken out, in any letter case: "Parade-Admin-2027", "amira.khan1", "AmiraKhanJones".
 * (zxcvbn scores such a mix by its parts, and can count the parts as many guesses.)
 */
function onlyContextWords(password: string, words: string[]): boolean {
  let rest = password.toLowerCase();
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
  return rest !== password.toLowerCase() && !/\p{L}/u.test(rest);
}

/** Dictionaries whose words make a password guessable when it is built on them (diceware words make passphrases). */
const GUESSABLE_DICTIONARIES = new Set(['passwords-common', 'parade-common', 'userInputs']);

/**
 * How many listed or context words the password is built on, when every letter of it lies in
 * one of them (the rest digits, symbols and separators), else null: "Summer2024!" is built on
 * one, "Parade-Customer-2027" on two, "tea and toast at noon" on none of them alone.
 */
function guessableWordsOnly(result: ZxcvbnResult): number | null {
  let words = 0;
  for (const match of result.sequence) {
    if (match.pattern === 'dictionary' && GUESSABLE_DICTIONARIES.has(String(match.dictionaryName))) words += 1;
    else if (/\p{L}/u.test(match.token)) return null;
  }
  return words;
}

/**
 * Why a password is refused, or null. First, one made of context words alone (with digits and
 * symbols) is refused. Then, with the context words, zxcvbn estimates how many guesses
 * the password takes, trying the breach list (also reversed, in other letter cases and in l33t:
 * `P@ssword1`), the context words, keyboard walks, repeats, sequences and dates. Refused:
 * - under a million guesses (zxcvbn score 0 or 1): a listed password or a context word, as it
 *   is or in such a variant, a walk, a repeat;
 * - one or two listed or context words with only digits and symbols around them, however many
 *   guesses zxcvbn counts for the mix (`Summer2024!`, `parade2026!`, `Parade-Customer-2027`);
 * - more such words, under 10 billion guesses (score 2 or 3).
 * A passphrase of ordinary words passes: its words are many guesses each.
 */
export async function passwordWeakness(password: string, context: PasswordContext): Promise<'common' | null> {
  const words = contextWords(context);
  if (onlyContextWords(password, words)) return 'common';
  const result = (await loadEstimator()).check(password, words);
  if (result.score <= 1) return 'common';
  const built = guessableWordsOnly(result);
  if (built !== null && built > 0 && (built <= 2 || result.score <= 3)) return 'common';
  return null;
}

/** Refuses a guessable password (422 `password_too_common` on the field); schema rules such as length run before this. */
export async function assertPasswordAcceptable(
  password: string,
  context: PasswordContext,
  field = 'password',
): Promise<void> {
  if (await passwordWeakness(password, context))
    throw invalidField(field, authMessages.passwordCommon, 'password_too_common');
}
