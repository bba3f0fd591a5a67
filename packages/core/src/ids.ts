import { z } from 'zod';

/** Text that is a whole decimal number: digits only. */
const DECIMAL_DIGITS = /^\d+$/;

/**
 * A whole number on the wire: a JSON number, or digits as text (path and query parameters are
 * text; forms may send "12"). Nothing else JavaScript's Number() would read gets through, so
 * "0x10", " 2 ", "+1", "1e3", true and [3] are refused rather than read as 16, 2, 1, 1000, 1, 3.
 */
export function wholeNumberOrDigits<T extends z.ZodNumber>(limits: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DECIMAL_DIGITS.test(value) ? Number(value) : value),
    limits,
  );
}

/** A database id on the wire: a positive 32-bit integer (larger numbers would overflow the column, not "not found"); decimal text accepted. */
export const idSchema = wholeNumberOrDigits(z.number().int().positive().max(2_147_483_647));

/** `/{id}` path parameters. */
export const idParamsSchema = z.object({ id: idSchema });
