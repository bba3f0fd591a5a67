import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A cheap, whole-database fingerprint for tests that must show a request changed nothing:
 * each table's row count and a hash of its rows (order-free), in one statement.
 */
export interface Fingerprint {
  /** Per table: "rows:hash". */
  tables: Map<string, string>;
}

/** What may change on a refused request, by design: whole tables, or columns of a table. */
export interface FingerprintExclusions {
  tables: string[];
  columns: Record<string, string[]>;
}

type Rows<T> = { rows: T[] } | T[];
/** The rows of db.execute's result, whichever driver ran it. */
function rowsOf<T>(result: unknown): T[] {
  const rows = result as Rows<T>;
  return Array.isArray(rows) ? rows : rows.rows;
}

/** Quotes a PostgreSQL identifier or text literal (names come from the catalogue, not from users). */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function fingerprinter(database: Database, exclusions: FingerprintExclusions) {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !exclusions.tables.includes(name));

  // One UNION ALL: a hash of every row as JSON (minus the excluded columns), sorted so that
  // the physical order of rows (which an UPDATE changes) does not matter.
  const query = tables
    .map((name) => {
      const dropped = exclusions.columns[name] ?? [];
      const row = dropped.length ? `(to_jsonb(x) - array[${dropped.map(literal).join(',')}])` : 'to_jsonb(x)';
      return `select ${literal(name)} as name, count(*)::text || ':' || coalesce(md5(string_agg(h, '' order by h)), '') as print
              from (select md5(${row}::text) as h from ${ident(name)} x) s`;
    })
    .join('\nunion all\n');

  return {
    tables,
    async take(): Promise<Fingerprint> {
      const rows = rowsOf<{ name: string; print: string }>(
        await database.db.execute<{ name: string; print: string }>(sql.raw(query)),
      );
      return { tables: new Map(rows.map((row) => [row.name, row.print])) };
    },
    /**
     * The next transaction id PostgreSQL will hand out: it moves whenever anything writes
     * (on a shared server, other databases move it too), so an unchanged value means no write
     * happened and the full fingerprint need not be taken again.
     */
    async writeMark(): Promise<string> {
      const [row] = rowsOf<{ mark: string }>(
        await database.db.execute<{ mark: string }>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`),
      );
      return row?.mark ?? '';
    },
  };
}

/** The tables whose fingerprint differs, with their "rows:hash" before and after. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.tables.keys(), ...after.tables.keys()]);
  return [...names]
    .filter((name) => before.tables.get(name) !== after.tables.get(name))
    .map((name) => `${name} (${before.tables.get(name)} -> ${after.tables.get(name)})`);
}
