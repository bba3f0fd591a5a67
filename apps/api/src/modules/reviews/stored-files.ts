import type { DbOrTx } from '../../db/client';
import { storedFileReferences } from '../../db/stored-file-references';
import { reviews } from './reviews.tables';

/** What this module's rows say of stored files, as text (db/stored-file-references.ts): review photos. */
export function reviewsFileReferences(db: DbOrTx): Promise<string[]> {
  return storedFileReferences(db, [reviews.photos]);
}
