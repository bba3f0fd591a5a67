import type { DbOrTx } from '../../db/client';
import { storedFileReferences } from '../../db/stored-file-references';
import { shopCreateRequests } from './shop-requests.tables';

/** What this module's rows say of stored files, as text (db/stored-file-references.ts): The logo each shop request was sent with. */
export function shopRequestsFileReferences(db: DbOrTx): Promise<string[]> {
  return storedFileReferences(db, [shopCreateRequests.logo]);
}
