/**
 * Reading PostgreSQL's error codes (SQLSTATE) off a thrown error. Drizzle wraps the driver's
 * error (`Failed query: ...`, with the driver's error as its `cause`), and a transaction may wrap
 * it again, so the chain of causes is searched for the first error that carries a code.
 */

/** SQLSTATE 23505: a unique index refused the row. */
export const UNIQUE_VIOLATION = '23505';
/** SQLSTATE 40P01: PostgreSQL broke a deadlock by rolling this transaction back. */
export const DEADLOCK_DETECTED = '40P01';

interface PgErrorFields {
  code: string;
  /** The index or constraint that refused the row (PostgreSQL names it; PGlite may not). */
  constraint?: string;
}

/** The database error inside `error`: the first in its chain of causes with a string `code`. */
function pgError(error: unknown): PgErrorFields | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string') return typeof constraint === 'string' ? { code, constraint } : { code };
  }
  return undefined;
}

/** The SQLSTATE of a database error, however deeply wrapped; undefined for any other error. */
export function pgErrorCode(error: unknown): string | undefined {
  return pgError(error)?.code;
}

/**
 * True for a unique violation; with `indexName`, only of that index (a driver that does not
 * name the index counts as a match).
 */
export function isUniqueViolation(error: unknown, indexName?: string): boolean {
  const found = pgError(error);
  if (found?.code !== UNIQUE_VIOLATION) return false;
  return indexName === undefined || found.constraint === undefined || found.constraint === indexName;
}

/**
 * Runs `work`; a unique violation it raises becomes `refusal()` (two writers raced for one slug
 * or code: the index refuses the second, answered as the same 409 as the check before the write).
 */
export async function refusingDuplicates<T>(work: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal();
    throw error;
  }
}
