import type { ShopCreateRequest } from '@parade/core/shop-request-schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { lockUser } from '../users';
import type { ShopRequestRow } from './shop-requests.service';
import { shopCreateRequests } from './shop-requests.tables';

/** A customer's own shop-create request: their latest, a new one, cancelling a pending one. */

function toOwnRequest(row: ShopRequestRow): ShopCreateRequest {
  return {
    id: row.id,
    shop_name: row.shopName,
    description: row.description,
    phone: row.phone,
    email: row.email,
    address: row.address,
    postcode: row.postcode,
    status: row.status,
    admin_note: row.adminNote,
    shop_id: row.shopId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function latestRow(db: DbOrTx, userId: number): Promise<ShopRequestRow | null> {
  const [row] = await db
    .select()
    .from(shopCreateRequests)
    .where(eq(shopCreateRequests.userId, userId))
    .orderBy(desc(shopCreateRequests.createdAt), desc(shopCreateRequests.id))
    .limit(1);
  return row ?? null;
}

/** GET user/shop-create-request: the caller's latest request in any status, or null. */
export async function findOwnShopRequest(db: DbOrTx, userId: number): Promise<ShopCreateRequest | null> {
  const row = await latestRow(db, userId);
  return row ? toOwnRequest(row) : null;
}

/**
 * POST user/shop-create-request: a new pending request in the account's name and e-mail. One
 * pending request at a time: the account's row is locked first, so two submissions at once
 * cannot both pass the check.
 */
export async function submitShopRequest(
  db: Db,
  user: { id: number; email: string },
  input: { shop_name: string; description?: string | null; address: string; postcode: string; phone: string },
): Promise<ShopCreateRequest> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const [pending] = await tx
      .select({ id: shopCreateRequests.id })
      .from(shopCreateRequests)
      .where(and(eq(shopCreateRequests.userId, user.id), eq(shopCreateRequests.status, 'pending')))
      .limit(1);
    if (pending) {
      throw new AppError(
        409,
        'You already have a shop request waiting for a decision. Cancel it to send a new one.',
        {},
        'shop_request_pending',
      );
    }
    const [row] = await tx
      .insert(shopCreateRequests)
      .values({
        userId: user.id,
        shopName: input.shop_name,
        description: input.description || null,
        phone: input.phone,
        email: user.email,
        address: input.address,
        postcode: input.postcode,
      })
      .returning();
    if (!row) throw new Error('The shop request insert returned no row');
    return toOwnRequest(row);
  });
}

/** POST user/shop-create-request/cancel: the caller's pending request becomes cancelled. */
export async function cancelOwnShopRequest(db: DbOrTx, userId: number): Promise<ShopCreateRequest> {
  const [row] = await db
    .update(shopCreateRequests)
    .set({ status: 'cancelled' })
    .where(and(eq(shopCreateRequests.userId, userId), eq(shopCreateRequests.status, 'pending')))
    .returning();
  if (row) return toOwnRequest(row);
  const latest = await latestRow(db, userId);
  if (!latest) throw notFound('You have no shop request.', 'shop_request_not_found');
  throw new AppError(409, `Your request is already ${latest.status}.`, {}, 'shop_request_not_pending');
}
