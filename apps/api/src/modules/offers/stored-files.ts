import type { DbOrTx } from '../../db/client';
import { storedFileReferences } from '../../db/stored-file-references';
import { offers } from './offers.tables';

/** What this module's rows say of stored files, as text (db/stored-file-references.ts): Offer pictures. */
export function offersFileReferences(db: DbOrTx): Promise<string[]> {
  return storedFileReferences(db, [offers.image]);
}
