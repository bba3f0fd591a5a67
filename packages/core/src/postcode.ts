import { messages } from './messages';

/**
 * Delivery postcode rule of spec section 5: at most 2 space-separated words, at least one
 * digit, 6 to 8 characters (repeated spaces count as one). Returns the message to show, or
 * null when it passes.
 */
export function postcodeError(input: string): string | null {
  const postcode = input.trim().replace(/\s+/g, ' ');
  const words = postcode.split(' ').filter(Boolean);
  const valid =
    words.length >= 1 && words.length <= 2 && /\d/.test(postcode) && postcode.length >= 6 && postcode.length <= 8;
  return valid ? null : messages.invalidPostcode(input.trim());
}

export const isValidLookingPostcode = (input: string) => postcodeError(input) === null;

/** "e1  0ad" -> "E1 0AD"; "e10ad" -> "E1 0AD" (the inward code is always the last 3 characters). */
export function normalisePostcode(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (compact.length < 5) return compact;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}
