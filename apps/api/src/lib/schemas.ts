import { z } from 'zod';

/** A database id: a positive 32-bit integer (larger numbers would overflow the column, not "not found"). */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
