import type { AdminUser } from '@parade/core/admin-schemas';
import type { UserRole } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ilikeAny } from '../../lib/text-match';
import { shopRefs } from '../shops';
import { shopStaff, users } from './users.tables';

/**
 * The shop a vendor acts for: the one they own, else the first they help run (lowest id), or
 * null. Always from the signed-in user, never from a request, so a vendor cannot name a shop.
 */
export async function findStaffShopId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ shopId: shopStaff.shopId })
    .from(shopStaff)
    .where(eq(shopStaff.userId, userId))
    .orderBy(sql`${shopStaff.role} = 'owner' desc`, asc(shopStaff.shopId))
    .limit(1);
  return row?.shopId ?? null;
}

/** The owner of each shop (first by user id when several), for the admin's shop list. */
export async function shopOwners(
  db: DbOrTx,
  shopIds: number[],
): Promise<Map<number, { id: number; name: string; email: string }>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db
    .select({ shopId: shopStaff.shopId, id: users.id, name: users.name, email: users.email })
    .from(shopStaff)
    .innerJoin(users, eq(users.id, shopStaff.userId))
    .where(and(eq(shopStaff.role, 'owner'), inArray(shopStaff.shopId, shopIds)))
    .orderBy(asc(users.id));
  const owners = new Map<number, { id: number; name: string; email: string }>();
  for (const { shopId, ...owner } of rows) if (!owners.has(shopId)) owners.set(shopId, owner);
  return owners;
}

/**
 * The people who run each shop, owner and staff, leaving out disabled accounts: whom a shop's
 * news (a new order's push) reaches. Shops without anyone are absent.
 */
export async function shopTeams(db: DbOrTx, shopIds: number[]): Promise<Map<number, number[]>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db
    .select({ shopId: shopStaff.shopId, userId: shopStaff.userId })
    .from(shopStaff)
    .innerJoin(users, eq(users.id, shopStaff.userId))
    .where(and(inArray(shopStaff.shopId, [...new Set(shopIds)]), eq(users.disabled, false)))
    .orderBy(asc(shopStaff.userId));
  const teams = new Map<number, number[]>();
  for (const { shopId, userId } of rows) teams.set(shopId, [...(teams.get(shopId) ?? []), userId]);
  return teams;
}

/** Makes the user the shop's owner and a vendor (a shop request accepted). For a workflow's transaction. */
export async function makeShopOwner(db: DbOrTx, userId: number, shopId: number): Promise<void> {
  await db.insert(shopStaff).values({ shopId, userId, role: 'owner' }).onConflictDoNothing();
  // An admin stays an admin; anyone else becomes a vendor.
  await db
    .update(users)
    .set({ role: sql`case when ${users.role} = 'admin' then ${users.role} else 'vendor'::user_role end` })
    .where(eq(users.id, userId));
}

/** Disables or re-enables an account; false when there is no such user. */
export async function setUserDisabled(db: DbOrTx, userId: number, disabled: boolean): Promise<boolean> {
  const rows = await db.update(users).set({ disabled }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

const userSorts = { created_at: users.createdAt, name: users.name, email: users.email } as const;

/** GET admin/users: newest first unless sorted; `search` matches name and e-mail. Two queries plus one for shops. */
export async function listUsersForAdmin(
  db: DbOrTx,
  query: {
    page: number;
    perPage: number;
    search?: string;
    role?: UserRole;
    sort?: { key: keyof typeof userSorts; desc: boolean };
  },
): Promise<Paginated<AdminUser>> {
  const where = [query.role ? eq(users.role, query.role) : undefined, ilikeAny(query.search, users.name, users.email)];
  const sortColumn = query.sort ? userSorts[query.sort.key] : users.createdAt;
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(...where))
      .orderBy(direction(sortColumn), direction(users.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(and(...where)),
  ]);
  const shopsOf = await userShops(
    db,
    rows.map((r) => r.id),
  );
  return paginate(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role: row.role,
      disabled: row.disabled,
      shops: shopsOf.get(row.id) ?? [],
      created_at: row.createdAt.toISOString(),
    })),
    Number(counted?.total ?? 0),
    query.page,
    query.perPage,
  );
}

/** One user as the admin sees it, or null. */
export async function findUserForAdmin(db: DbOrTx, userId: number): Promise<AdminUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  const shopsOf = await userShops(db, [row.id]);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    disabled: row.disabled,
    shops: shopsOf.get(row.id) ?? [],
    created_at: row.createdAt.toISOString(),
  };
}

/** The shops each user runs, joined through the shops module's own derived table. */
async function userShops(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, { id: number; name: string; slug: string }[]>> {
  if (userIds.length === 0) return new Map();
  const shop = shopRefs(db);
  const rows = await db
    .select({ userId: shopStaff.userId, id: shop.id, name: shop.name, slug: shop.slug })
    .from(shopStaff)
    .innerJoin(shop, eq(shop.id, shopStaff.shopId))
    .where(inArray(shopStaff.userId, userIds))
    .orderBy(asc(shop.id));
  const byUser = new Map<number, { id: number; name: string; slug: string }[]>();
  for (const { userId, ...shop } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), shop]);
  return byUser;
}

/** Every user's id, name, e-mail and phone as a derived table to join (who asked, who ordered): never a secret column. */
export function userRefs(db: DbOrTx) {
  return db.select({ id: users.id, name: users.name, email: users.email, phone: users.phone }).from(users).as('person');
}
