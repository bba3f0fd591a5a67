import type { AdminDeal, adminDealInputSchema } from '@parade/core/admin-schemas';
import { type Paginated, paginate } from '@parade/core/envelope';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { invalidField } from '../../lib/errors';
import { ilikeAny } from '../../lib/text-match';
import { couponCodeExists, isRedeemable, redeemableCodes } from '../cart';
import { activeShops, shopRefs } from '../shops';
import { type ContentListQuery, countAll, orderBy, orNull } from './admin-lists';
import { deals } from './content.tables';
import { changeContent } from './content-generation';

type DealInput = z.output<typeof adminDealInputSchema>;
export type DealSortKey = 'created_at' | 'title' | 'ends_at';

type DealRow = typeof deals.$inferSelect;
type ShopRef = { id: number; name: string; slug: string };

/** The rule of GET /ubm-offers (deals.service.ts), for one row: active, started, not ended, its shop open. */
function isLive(deal: DealRow, shopOpen: boolean, now = Date.now()): boolean {
  return (
    deal.isActive &&
    (deal.startsAt === null || deal.startsAt.getTime() <= now) &&
    (deal.endsAt === null || deal.endsAt.getTime() > now) &&
    (deal.shopId === null || shopOpen)
  );
}

function dealRows(db: DbOrTx) {
  const shop = shopRefs(db);
  return {
    shop,
    query: db
      .select({ deal: deals, shop: { id: shop.id, name: shop.name, slug: shop.slug } })
      .from(deals)
      .leftJoin(shop, eq(shop.id, deals.shopId)),
  };
}

/** The deals as the admin sees them, with their shop (open or not) and whether the storefront shows them now. */
async function toAdminDeals(db: DbOrTx, rows: { deal: DealRow; shop: ShopRef | null }[]): Promise<AdminDeal[]> {
  const shopIds = [...new Set(rows.flatMap((r) => (r.deal.shopId === null ? [] : [r.deal.shopId])))];
  const open = activeShops(db);
  const openIds = new Set(
    shopIds.length
      ? (await db.select({ id: open.id }).from(open).where(inArray(open.id, shopIds))).map((r) => r.id)
      : [],
  );
  const redeemable = await redeemableCodes(
    db,
    rows.flatMap(({ deal }) => (deal.couponCode ? [{ shopId: deal.shopId, code: deal.couponCode }] : [])),
  );
  return rows.map(({ deal, shop }) => ({
    id: deal.id,
    title: deal.title,
    description: deal.description,
    image: deal.image,
    badge: deal.badge,
    link: deal.link,
    shop: shop && deal.shopId !== null ? shop : null,
    coupon_code: deal.couponCode,
    coupon_redeemable:
      deal.couponCode !== null && isRedeemable(redeemable, { shopId: deal.shopId, code: deal.couponCode }),
    starts_at: deal.startsAt?.toISOString() ?? null,
    ends_at: deal.endsAt?.toISOString() ?? null,
    is_active: deal.isActive,
    is_live: isLive(deal, deal.shopId !== null && openIds.has(deal.shopId)),
    created_at: deal.createdAt.toISOString(),
    updated_at: deal.updatedAt.toISOString(),
  }));
}

export async function listAdminDeals(db: DbOrTx, query: ContentListQuery<DealSortKey>): Promise<Paginated<AdminDeal>> {
  const { shop, query: rows } = dealRows(db);
  const where = ilikeAny(query.search, deals.title, deals.badge, shop.name);
  const order = orderBy(
    { created_at: deals.createdAt, title: deals.title, ends_at: deals.endsAt },
    deals.createdAt,
    deals.id,
    query.sort,
  );
  const [page, [counted]] = await Promise.all([
    rows
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: countAll() }).from(deals).leftJoin(shop, eq(shop.id, deals.shopId)).where(where),
  ]);
  return paginate(await toAdminDeals(db, page), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findAdminDeal(db: DbOrTx, id: number): Promise<AdminDeal | null> {
  const found = await dealRows(db).query.where(eq(deals.id, id));
  return (await toAdminDeals(db, found))[0] ?? null;
}

function columnsOf(input: Partial<DealInput>) {
  const time = (value: string | null | undefined) => (value ? new Date(value) : null);
  return {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.image !== undefined ? { image: orNull(input.image) } : {}),
    ...(input.badge !== undefined ? { badge: orNull(input.badge) } : {}),
    ...(input.link !== undefined ? { link: orNull(input.link) } : {}),
    ...(input.shop_id !== undefined ? { shopId: input.shop_id } : {}),
    ...(input.coupon_code !== undefined ? { couponCode: input.coupon_code } : {}),
    ...(input.starts_at !== undefined ? { startsAt: time(input.starts_at) } : {}),
    ...(input.ends_at !== undefined ? { endsAt: time(input.ends_at) } : {}),
    ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
  };
}

/**
 * Creates a deal (id null) or changes the fields sent; null when there is no such deal. The
 * shop must exist (it may be suspended: the deal then waits, hidden, until the shop reopens),
 * and the end must come after the start on the row as it will be, not only in the fields sent.
 */
export async function saveDeal(db: DbOrTx, id: number | null, input: Partial<DealInput>): Promise<number | null> {
  return changeContent(() =>
    db.transaction(async (tx) => {
      if (input.shop_id) {
        const shop = shopRefs(tx);
        const [found] = await tx.select({ id: shop.id }).from(shop).where(eq(shop.id, input.shop_id));
        if (!found) throw invalidField('shop_id', 'No such shop.');
      }
      const changes = columnsOf(input);
      const current = id === null ? null : (await tx.select().from(deals).where(eq(deals.id, id)).for('update'))[0];
      if (id !== null && !current) return null;
      const startsAt = changes.startsAt !== undefined ? changes.startsAt : (current?.startsAt ?? null);
      const endsAt = changes.endsAt !== undefined ? changes.endsAt : (current?.endsAt ?? null);
      if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
        throw invalidField('ends_at', 'The end must be after the start.');
      }
      // The code must be one a shopper could use for this deal, checked on the row as it will be.
      const couponCode = changes.couponCode !== undefined ? changes.couponCode : (current?.couponCode ?? null);
      const shopId = changes.shopId !== undefined ? changes.shopId : (current?.shopId ?? null);
      if (couponCode && !(await couponCodeExists(tx, shopId, couponCode))) {
        throw invalidField(
          'coupon_code',
          shopId === null
            ? 'No platform coupon has this code.'
            : "Neither the deal's shop nor the platform has a coupon with this code.",
        );
      }
      if (id === null) {
        const [row] = await tx
          .insert(deals)
          .values({ title: input.title ?? '', description: input.description ?? '', ...changes })
          .returning({ id: deals.id });
        return row?.id ?? null;
      }
      if (Object.keys(changes).length) await tx.update(deals).set(changes).where(eq(deals.id, id));
      return id;
    }),
  );
}

/**
 * Deletes a deal; answers it as it was just before (read under its row lock, which a save takes
 * first, with its shop and whether the storefront showed it), or null when there is none.
 */
export async function deleteDeal(db: DbOrTx, id: number): Promise<AdminDeal | null> {
  return changeContent(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, id)).for('update');
      const deal = locked ? await findAdminDeal(tx, id) : null;
      if (!deal) return null;
      await tx.delete(deals).where(eq(deals.id, id));
      return deal;
    }),
  );
}
