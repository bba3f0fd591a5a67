import { isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/**
 * The distinct values, as text, of columns that may name stored files (a picture's /uploads/
 * URL, a digital file's `digital/...` key, JSON or HTML holding them): what each module hands
 * the sweep of unreferenced objects (workflows/sweep-stored-objects.ts). Text, not parsed
 * values: the sweep finds every key mentioned anywhere in it, so a new way of mentioning one
 * (a picture in a blog post's HTML, a slide in JSON) keeps its file without anyone telling it.
 */
export async function storedFileReferences(db: DbOrTx, columns: AnyPgColumn[]): Promise<string[]> {
  const texts: string[] = [];
  for (const column of columns) {
    const rows = await db
      .selectDistinct({ value: sql<string>`${column}::text` })
      .from(column.table)
      .where(isNotNull(column));
    for (const row of rows) if (row.value) texts.push(row.value);
  }
  return texts;
}
