import { z } from 'zod';

/** A database id on the wire: a positive 32-bit integer (larger numbers would overflow the column, not "not found"); numeric text accepted. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** `/{id}` path parameters. */
export const idParamsSchema = z.object({ id: idSchema });
