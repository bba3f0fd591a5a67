import type { DbOrTx } from '../../db/client';
import { storedFileReferences } from '../../db/stored-file-references';
import { shops } from './shops.tables';

/** What this module's rows say of stored files, as text (db/stored-file-references.ts): Shop logos, banners and slides (JSON). */
export function shopsFileReferences(db: DbOrTx): Promise<string[]> {
  return storedFileReferences(db, [shops.logo, shops.banner, shops.slides]);
}
