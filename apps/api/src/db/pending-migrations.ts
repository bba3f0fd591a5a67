import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from './client';

/**
 * The committed migrations the database has not recorded yet (their tags), as drizzle's migrator
 * decides: every journal entry newer than the last one applied. For processes started with
 * MIGRATE_ON_START=false (decision 042): they refuse to serve an older schema than their code's.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  type Rows<T> = { rows: T[] };
  // Two statements: a table named in a statement must exist when it is planned, even in a branch never taken.
  const table = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as Rows<{ present: boolean }>;
  let applied = Number.NEGATIVE_INFINITY;
  if (table.rows[0]?.present) {
    const reply = (await db.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    )) as unknown as Rows<{ last: string | number | null }>;
    const last = reply.rows[0]?.last;
    if (last !== null && last !== undefined) applied = Number(last);
  }
  return journal.entries.filter((entry) => entry.when > applied).map((entry) => entry.tag);
}
