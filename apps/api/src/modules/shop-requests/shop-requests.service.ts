import type { AdminShopRequest } from '@parade/core/admin-schemas';
import type { ShopRequestStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import type { ShopCreateRequest } from '@parade/core/shop-request-schemas';
import { and, asc, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ilikeAny } from '../../lib/text-match';
import { categoryRefs } from '../catalog';
import { userRefs } from '../users';
import { shopCreateRequests } from './shop-requests.tables';

export type ShopRequestRow = typeof shopCreateRequests.$inferSelect;
export type CategoryNames = Map<number, { id: number; name: string }>;

/** The categories the rows name, by id, in one query (a category deleted since is simply absent). */
export function requestCategories(db: DbOrTx, rows: ShopRequestRow[]): Promise<CategoryNames> {
  return categoryRefs(
    db,
    rows.flatMap((row) => (row.categoryId === null ? [] : [row.categoryId])),
  );
}

/** A request as its requester sees it (core's shopCreateRequestSchema); a category deleted since is null. */
export function toShopRequest(row: ShopRequestRow, categories: CategoryNames): ShopCreateRequest {
  return {
    id: row.id,
    shop_name: row.shopName,
    description: row.description,
    category: row.categoryId === null ? null : (categories.get(row.categoryId) ?? null),
    logo: row.logo ? { url: row.logo } : null,
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

/** A request as the platform sees it: the requester's view with the requester. */
function toAdminShopRequest(
  row: ShopRequestRow,
  user: { id: number; name: string; email: string },
  categories: CategoryNames,
): AdminShopRequest {
  return { ...toShopRequest(row, categories), user };
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
  const where = [
    query.status ? eq(shopCreateRequests.status, query.status) : undefined,
    ilikeAny(query.search, shopCreateRequests.shopName, shopCreateRequests.email, users.name, users.email),
  ];
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
  const categories = await requestCategories(
    db,
    rows.map((r) => r.request),
  );
  return paginate(
    rows.map((r) => toAdminShopRequest(r.request, r.user, categories)),
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
  return toAdminShopRequest(row, user, await requestCategories(db, [row]));
}
