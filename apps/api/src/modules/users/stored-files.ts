import type { DbOrTx } from '../../db/client';
import { storedFileReferences } from '../../db/stored-file-references';
import { users } from './users.tables';

/** What this module's rows say of stored files, as text (db/stored-file-references.ts): Avatars. */
export function usersFileReferences(db: DbOrTx): Promise<string[]> {
  return storedFileReferences(db, [users.avatar]);
}
