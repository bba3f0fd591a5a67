import type { DbOrTx } from '../../db/client';
import { storedFileReferences } from '../../db/stored-file-references';
import { orderItems } from './orders.tables';

/** What this module's rows say of stored files, as text (db/stored-file-references.ts): The picture each order line keeps of what was bought. */
export function ordersFileReferences(db: DbOrTx): Promise<string[]> {
  return storedFileReferences(db, [orderItems.thumbnail]);
}
