import { z } from 'zod';

/** A database id: a positive 32-bit integer (larger numbers would overflow the column, not "not found"). */
export { idSchema } from '@parade/core/ids';

/**
 * An `Idempotency-Key` header: a retried write with the same key answers the first reply
 * (checkout, claims). At most 200 characters.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'The Idempotency-Key must not be empty.')
    .max(200, 'The Idempotency-Key must be at most 200 characters.')
    .optional(),
});
