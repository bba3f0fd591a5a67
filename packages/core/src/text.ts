/** Text rules shared by the apps: the spec's truncation and its helper validators (spec sections 5 and 9). */

export const ELLIPSIS = '...';

/**
 * Keeps the first `max` characters and appends '...' when the text is longer. Counts code
 * points, so an emoji or accented letter is never cut in half.
 */
export function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, Math.max(0, max)).join('').trimEnd()}${ELLIPSIS}`;
}

/** Names hold only letters (any alphabet), spaces, hyphens and dots. */
export function isPersonName(value: string): boolean {
  return /^[\p{L}\p{M} .-]+$/u.test(value) && /\p{L}/u.test(value);
}

/** A practical e-mail check: one @, no spaces, a dotted domain. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value);
}
