/**
 * A json or jsonb value as the driver handed it back. PostgreSQL's `pg` parses json for columns
 * it knows; PGlite, and `pg` for an expression drizzle did not type (a `sql` select, an
 * aggregate), may hand back its text instead. Every reader of such a value takes it through here,
 * so that difference is in one place.
 */
export function jsonValue(stored: unknown): unknown {
  return typeof stored === 'string' ? JSON.parse(stored) : stored;
}
