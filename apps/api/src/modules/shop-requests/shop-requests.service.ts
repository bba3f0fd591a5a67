import type { AdminShopRequest } from '@parade/core/admin-schemas';
import type { ShopRequestStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userRefs } from '../users';
import { shopCreateRequests } from './shop-requests.tables';

export type ShopRequestRow = typeof shopCreateRequests.$inferSelect;

function toAdminShopRequest(row: ShopRequestRow, user: { id: number; name: string; email: string }): AdminShopRequest {
  return {
    id: row.id,
    user,
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

const sorts: Record<'created_at' | 'shop_name', SQLWrapper> = {
  created_at: shopCreateRequests.createdAt,
  shop_name: shopCreateRequests.shopName,
};

/** GET admin/shop-requests: newest first unless sorted; `search` matches the shop name and the requester. */
export async function listShopRequests(
  db: DbOrTx,
  query: {
    page: number;
    perPage: number;
    search?: string;
    status?: ShopRequestStatus;
    sort?: { key: 'created_at' | 'shop_name'; desc: boolean };
  },
): Promise<Paginated<AdminShopRequest>> {
  const users = userRefs(db);
  const requester = { id: users.id, name: users.name, email: users.email };
  const where: SQL[] = [];
  if (query.status) where.push(eq(shopCreateRequests.status, query.status));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(
      sql`(${shopCreateRequests.shopName} ilike ${like} or ${shopCreateRequests.email} ilike ${like} or ${users.name} ilike ${like} or ${users.email} ilike ${like})`,
    );
  }
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ request: shopCreateRequests, user: requester })
      .from(shopCreateRequests)
      .innerJoin(users, eq(users.id, shopCreateRequests.userId))
      .where(and(...where))
      .orderBy(direction(sorts[query.sort?.key ?? 'created_at']), direction(shopCreateRequests.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(shopCreateRequests)
      .innerJoin(users, eq(users.id, shopCreateRequests.userId))
      .where(and(...where)),
  ]);
  return paginate(
    rows.map((r) => toAdminShopRequest(r.request, r.user)),
    Number(counted?.total ?? 0),
    query.page,
    query.perPage,
  );
}

/** One request with its requester, locked until the transaction ends (a decision is taken once). */
export async function lockShopRequest(
  db: DbOrTx,
  id: number,
): Promise<{ request: ShopRequestRow; user: { id: number; name: string; email: string } } | null> {
  const users = userRefs(db);
  const requester = { id: users.id, name: users.name, email: users.email };
  const [row] = await db
    .select({ request: shopCreateRequests, user: requester })
    .from(shopCreateRequests)
    .innerJoin(users, eq(users.id, shopCreateRequests.userId))
    .where(eq(shopCreateRequests.id, id))
    .for('update', { of: shopCreateRequests });
  return row ?? null;
}

/** Records the decision on a request; returns it as the admin sees it. */
export async function decideShopRequest(
  db: DbOrTx,
  id: number,
  decision: { status: 'accepted'; shopId: number } | { status: 'rejected'; reason: string },
): Promise<AdminShopRequest> {
  const [row] = await db
    .update(shopCreateRequests)
    .set(
      decision.status === 'accepted'
        ? { status: 'accepted', shopId: decision.shopId }
        : { status: 'rejected', adminNote: decision.reason },
    )
    .where(eq(shopCreateRequests.id, id))
    .returning();
  if (!row) throw new Error('The shop request vanished inside its transaction');
  const users = userRefs(db);
  const requester = { id: users.id, name: users.name, email: users.email };
  const [user] = await db.select(requester).from(users).where(eq(users.id, row.userId));
  if (!user) throw new Error('The requester vanished inside the transaction');
  return toAdminShopRequest(row, user);
}
