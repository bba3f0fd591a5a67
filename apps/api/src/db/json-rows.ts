import { getTableColumns, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

/**
 * A row a statement returned as JSON (`to_jsonb(t)`, `jsonb_agg(t)`: snake_case keys, timestamps
 * as ISO text) mapped as drizzle maps a row it selected itself: camelCase keys, each value through
 * its column's own mapping (Dates for timestamps). For statements drizzle's builders cannot write,
 * such as one that inserts into several tables at once and returns what each insert wrote.
 * Our database handles use `casing: 'snake_case'`, so a column's name is its key in snake case.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const name = column.keyAsName ? toSnakeCase(key) : column.name;
    if (!(name in json)) throw new Error(`rowFromJson: no ${name} in the row of ${key}`);
    const value = json[name];
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
