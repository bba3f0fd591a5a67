import { type Paginated, paginate } from '@parade/core/envelope';
import {
  checkCouponRules,
  type VendorCoupon,
  type vendorCouponCreateSchema,
  type vendorCouponUpdateSchema,
} from '@parade/core/vendor-schemas';
import { and, asc, desc, eq, ne, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, invalidField } from '../../lib/errors';
import { refusingDuplicates } from '../../lib/pg-errors';
import { ilikeAny } from '../../lib/text-match';
import { productsNotOfShop } from '../catalog';
import { coupons } from './cart.tables';

type CouponRow = typeof coupons.$inferSelect;
type CouponInput = z.output<typeof vendorCouponCreateSchema>;
type CouponChanges = z.output<typeof vendorCouponUpdateSchema>;

function toVendorCoupon(row: CouponRow): VendorCoupon {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    min_spend: row.minSpend,
    product_ids: row.productIds,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    usage_limit: row.usageLimit,
    per_user_limit: row.perUserLimit,
    used_count: row.timesUsed,
    created_at: row.createdAt.toISOString(),
  };
}

const mergedRules = z
  .object({ type: z.string(), value: z.number(), starts_at: z.string().nullable(), ends_at: z.string().nullable() })
  .superRefine(checkCouponRules);

const codeTaken = () =>
  conflict('Your shop already has this code.', { code: ['Your shop already has this code.'] }, 'coupon_code_taken');

async function checkCode(db: DbOrTx, shopId: number, code: string, exceptId?: number): Promise<void> {
  const [found] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        eq(coupons.shopId, shopId),
        sql`upper(${coupons.code}) = upper(${code})`,
        exceptId ? ne(coupons.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (found) throw codeTaken();
}

async function checkProducts(db: DbOrTx, shopId: number, productIds: number[] | undefined): Promise<void> {
  if (!productIds?.length) return;
  const foreign = await productsNotOfShop(db, shopId, productIds);
  if (foreign.length > 0) throw invalidField('product_ids', `No such product in your shop: ${foreign.join(', ')}.`);
}

/** The unique index on (shop, upper(code)) broke: two writes raced for one code. */
const mapCodeRace = <T>(work: () => Promise<T>): Promise<T> => refusingDuplicates(work, codeTaken);

const sorts: Record<'created_at' | 'code' | 'used_count' | 'ends_at', SQLWrapper> = {
  created_at: coupons.createdAt,
  code: coupons.code,
  used_count: coupons.timesUsed,
  ends_at: coupons.endsAt,
};

/** GET vendor/coupons: the shop's coupons, newest first unless sorted; `search` matches the code. */
export async function listVendorCoupons(
  db: DbOrTx,
  shopId: number,
  query: { page: number; perPage: number; search?: string; sort?: { key: keyof typeof sorts; desc: boolean } },
): Promise<Paginated<VendorCoupon>> {
  const where = [eq(coupons.shopId, shopId), ilikeAny(query.search, coupons.code)];
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(and(...where))
      .orderBy(direction(sorts[query.sort?.key ?? 'created_at']), direction(coupons.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(coupons)
      .where(and(...where)),
  ]);
  return paginate(rows.map(toVendorCoupon), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findVendorCoupon(db: DbOrTx, shopId: number, id: number): Promise<VendorCoupon | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.shopId, shopId)))
    .limit(1);
  return row ? toVendorCoupon(row) : null;
}

/** POST vendor/coupons. */
export async function createVendorCoupon(db: DbOrTx, shopId: number, input: CouponInput): Promise<VendorCoupon> {
  return mapCodeRace(() =>
    db.transaction(async (tx) => {
      await checkCode(tx, shopId, input.code);
      await checkProducts(tx, shopId, input.product_ids);
      const [row] = await tx
        .insert(coupons)
        .values({
          shopId,
          code: input.code,
          type: input.type,
          value: input.value,
          minSpend: input.min_spend ?? 0,
          productIds: [...new Set(input.product_ids ?? [])],
          startsAt: input.starts_at ? new Date(input.starts_at) : null,
          endsAt: input.ends_at ? new Date(input.ends_at) : null,
          usageLimit: input.usage_limit ?? null,
          perUserLimit: input.per_user_limit ?? null,
        })
        .returning();
      if (!row) throw new Error('The coupon insert returned no row');
      return toVendorCoupon(row);
    }),
  );
}

/** PUT vendor/coupons/{id}: only the fields sent, the cross-field rules checked on the result; null when not the shop's. */
export async function updateVendorCoupon(
  db: DbOrTx,
  shopId: number,
  id: number,
  changes: CouponChanges,
): Promise<VendorCoupon | null> {
  return mapCodeRace(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, id), eq(coupons.shopId, shopId)))
        .for('update');
      if (!current) return null;
      const merged = {
        type: changes.type ?? current.type,
        value: changes.value ?? current.value,
        starts_at: changes.starts_at !== undefined ? changes.starts_at : (current.startsAt?.toISOString() ?? null),
        ends_at: changes.ends_at !== undefined ? changes.ends_at : (current.endsAt?.toISOString() ?? null),
      };
      // The cross-field rules again, on the coupon as it would be after the change.
      const checked = mergedRules.safeParse(merged);
      if (!checked.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of checked.error.issues) errors[issue.path.join('.')] = [issue.message];
        throw new AppError(422, 'Please check the coupon.', errors, 'validation_failed');
      }
      if (changes.code !== undefined) await checkCode(tx, shopId, changes.code, id);
      await checkProducts(tx, shopId, changes.product_ids);
      const [row] = await tx
        .update(coupons)
        .set({
          ...(changes.code !== undefined ? { code: changes.code } : {}),
          type: merged.type,
          value: merged.value,
          ...(changes.min_spend !== undefined ? { minSpend: changes.min_spend } : {}),
          ...(changes.product_ids !== undefined ? { productIds: [...new Set(changes.product_ids)] } : {}),
          startsAt: merged.starts_at ? new Date(merged.starts_at) : null,
          endsAt: merged.ends_at ? new Date(merged.ends_at) : null,
          ...(changes.usage_limit !== undefined ? { usageLimit: changes.usage_limit } : {}),
          ...(changes.per_user_limit !== undefined ? { perUserLimit: changes.per_user_limit } : {}),
        })
        .where(eq(coupons.id, id))
        .returning();
      return row ? toVendorCoupon(row) : null;
    }),
  );
}

/** DELETE vendor/coupons/{id}; false when not the shop's. Past orders keep their coupon code. */
export async function deleteVendorCoupon(db: DbOrTx, shopId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.shopId, shopId)))
    .returning({ id: coupons.id });
  return rows.length > 0;
}
