import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** What a drizzle query builder with `sql.placeholder`s offers: preparing it under a name. */
interface Preparable<Result> {
  prepare(name: string): PreparedStatement<Result>;
}

export interface PreparedStatement<Result> {
  execute(values: Record<string, unknown>): Promise<Result>;
}

/**
 * A drizzle prepared query runs on the connection of the session it was prepared on, so it is
 * kept per connection: the session's client. That is the pool for the database handle, the
 * pooled connection for a node-postgres transaction (the same object for every transaction on
 * that connection), and the transaction itself on PGlite (there it lives one transaction).
 * `session.client` is drizzle's own field; the tests of every caller run through here on both
 * drivers.
 */
let preparedByConnection = new WeakMap<object, Map<string, PreparedStatement<unknown>>>();

/**
 * Forgets every statement prepared so far, so the next use builds it again with the session's
 * current logger (a drizzle prepared query keeps the logger it was made with). For tests that
 * count statements after the app has already run some; PostgreSQL keeps its parsed statements,
 * and node-postgres sends the same name and text again without a second Parse.
 */
export function forgetPreparedStatements(): void {
  preparedByConnection = new WeakMap();
}

/**
 * The statement `name` prepared on the connection of `db`, built by `build` the first time.
 * For statements on hot paths whose SQL text never changes (the values are placeholders):
 * drizzle builds the text once per connection instead of once per call, and PostgreSQL parses
 * it once per connection and may keep its plan. `build` must always make the same text for a
 * name, or node-postgres refuses the second one.
 */
export function preparedOn<Result>(
  db: DbOrTx,
  name: string,
  build: () => Preparable<Result>,
): PreparedStatement<Result> {
  const connection = (db as unknown as { session: { client: object } }).session.client;
  let statements = preparedByConnection.get(connection);
  if (!statements) {
    statements = new Map();
    preparedByConnection.set(connection, statements);
  }
  let statement = statements.get(name) as PreparedStatement<Result> | undefined;
  if (!statement) {
    statement = build().prepare(name);
    statements.set(name, statement as PreparedStatement<unknown>);
  }
  return statement;
}

/**
 * A hand-written statement (`sql` with `sql.placeholder`s) as something preparedOn can prepare,
 * for statements a query builder cannot express, such as data-modifying CTEs. Its rows come back
 * as the driver gives them: column names as written in the SQL, values as the driver parses them
 * (no drizzle mapping).
 */
export function rawStatement<Row>(db: DbOrTx, query: SQL): Preparable<{ rows: Row[] }> {
  const { session, dialect } = db as unknown as {
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: false,
      ): PreparedStatement<{ rows: Row[] }>;
    };
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  };
  return { prepare: (name) => session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false) };
}
