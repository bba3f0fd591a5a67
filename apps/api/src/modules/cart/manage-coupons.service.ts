import type {
  PlatformCoupon,
  platformCouponCreateSchema,
  platformCouponUpdateSchema,
} from '@parade/core/admin-schemas';
import { type Paginated, paginate } from '@parade/core/envelope';
import { checkCouponRules, type VendorCoupon } from '@parade/core/vendor-schemas';
import { and, asc, desc, eq, isNull, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, invalidField } from '../../lib/errors';
import { refusingDuplicates } from '../../lib/pg-errors';
import { ilikeAny } from '../../lib/text-match';
import { productsNotOfShop, unknownCatalogIds } from '../catalog';
import { coupons } from './cart.tables';

/**
 * Coupons as their owner manages them: a shop its own (`/api/vendor/coupons`, owner = the shop's
 * id) and the admin the platform's (`/api/admin/coupons`, owner = null). A platform coupon may
 * name any shop's products, and categories or sub-categories; a shop's only its own products.
 */
export type CouponOwner = number | null;

type CouponRow = typeof coupons.$inferSelect;
/** The platform's fields are a superset of a shop's (a shop's request never carries categories). */
type CouponInput = z.output<typeof platformCouponCreateSchema>;
type CouponChanges = z.output<typeof platformCouponUpdateSchema>;

const owned = (owner: CouponOwner): SQL => (owner === null ? isNull(coupons.shopId) : eq(coupons.shopId, owner));

export function toPlatformCoupon(row: CouponRow): PlatformCoupon {
  return { ...toVendorCoupon(row), category_ids: row.categoryIds, sub_category_ids: row.subCategoryIds };
}

export function toVendorCoupon(row: CouponRow): VendorCoupon {
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

const codeTaken = (owner: CouponOwner) => () => {
  const message = owner === null ? 'A platform coupon already has this code.' : 'Your shop already has this code.';
  return conflict(message, { code: [message] }, 'coupon_code_taken');
};

async function checkCode(db: DbOrTx, owner: CouponOwner, code: string, exceptId?: number): Promise<void> {
  const [found] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(owned(owner), sql`upper(${coupons.code}) = upper(${code})`, exceptId ? ne(coupons.id, exceptId) : undefined),
    )
    .limit(1);
  if (found) throw codeTaken(owner)();
}

/** The products (and, for the platform, categories) a coupon names must exist, and be the shop's own for a shop. */
async function checkTargets(
  db: DbOrTx,
  owner: CouponOwner,
  input: { product_ids?: number[]; category_ids?: number[]; sub_category_ids?: number[] },
): Promise<void> {
  if (owner !== null) {
    if (!input.product_ids?.length) return;
    const foreign = await productsNotOfShop(db, owner, input.product_ids);
    if (foreign.length > 0) throw invalidField('product_ids', `No such product in your shop: ${foreign.join(', ')}.`);
    return;
  }
  const unknown = await unknownCatalogIds(db, {
    productIds: input.product_ids,
    categoryIds: input.category_ids,
    subCategoryIds: input.sub_category_ids,
  });
  const errors: Record<string, string[]> = {};
  if (unknown.productIds.length) errors.product_ids = [`No such product: ${unknown.productIds.join(', ')}.`];
  if (unknown.categoryIds.length) errors.category_ids = [`No such category: ${unknown.categoryIds.join(', ')}.`];
  if (unknown.subCategoryIds.length) {
    errors.sub_category_ids = [`No such sub-category: ${unknown.subCategoryIds.join(', ')}.`];
  }
  const [first] = Object.values(errors);
  if (first) throw new AppError(422, first[0]!, errors, 'validation_failed');
}

/** A unique index on the code broke: two writes raced for one code. */
const mapCodeRace = <T>(owner: CouponOwner, work: () => Promise<T>): Promise<T> =>
  refusingDuplicates(work, codeTaken(owner));

const sorts: Record<'created_at' | 'code' | 'used_count' | 'ends_at', SQLWrapper> = {
  created_at: coupons.createdAt,
  code: coupons.code,
  used_count: coupons.timesUsed,
  ends_at: coupons.endsAt,
};

/** GET vendor/coupons, admin/coupons: the owner's coupons, newest first unless sorted; `search` matches the code. */
export async function listCoupons(
  db: DbOrTx,
  owner: CouponOwner,
  query: { page: number; perPage: number; search?: string; sort?: { key: keyof typeof sorts; desc: boolean } },
): Promise<Paginated<CouponRow>> {
  const where = [owned(owner), ilikeAny(query.search, coupons.code)];
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
  return paginate(rows, Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findCoupon(db: DbOrTx, owner: CouponOwner, id: number): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), owned(owner)))
    .limit(1);
  return row ?? null;
}

/** POST vendor/coupons, admin/coupons. */
export async function createCoupon(db: DbOrTx, owner: CouponOwner, input: CouponInput): Promise<CouponRow> {
  return mapCodeRace(owner, () =>
    db.transaction(async (tx) => {
      await checkCode(tx, owner, input.code);
      await checkTargets(tx, owner, input);
      const [row] = await tx
        .insert(coupons)
        .values({
          shopId: owner,
          code: input.code,
          type: input.type,
          value: input.value,
          minSpend: input.min_spend ?? 0,
          productIds: [...new Set(input.product_ids ?? [])],
          categoryIds: [...new Set(input.category_ids ?? [])],
          subCategoryIds: [...new Set(input.sub_category_ids ?? [])],
          startsAt: input.starts_at ? new Date(input.starts_at) : null,
          endsAt: input.ends_at ? new Date(input.ends_at) : null,
          usageLimit: input.usage_limit ?? null,
          perUserLimit: input.per_user_limit ?? null,
        })
        .returning();
      if (!row) throw new Error('The coupon insert returned no row');
      return row;
    }),
  );
}

/** PUT vendor/coupons/{id}, admin/coupons/{id}: only the fields sent, the cross-field rules checked on the result; null when not the owner's. */
export async function updateCoupon(
  db: DbOrTx,
  owner: CouponOwner,
  id: number,
  changes: CouponChanges,
): Promise<CouponRow | null> {
  return mapCodeRace(owner, () =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, id), owned(owner)))
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
      if (changes.code !== undefined) await checkCode(tx, owner, changes.code, id);
      await checkTargets(tx, owner, changes);
      const [row] = await tx
        .update(coupons)
        .set({
          ...(changes.code !== undefined ? { code: changes.code } : {}),
          type: merged.type,
          value: merged.value,
          ...(changes.min_spend !== undefined ? { minSpend: changes.min_spend } : {}),
          ...(changes.product_ids !== undefined ? { productIds: [...new Set(changes.product_ids)] } : {}),
          ...(changes.category_ids !== undefined ? { categoryIds: [...new Set(changes.category_ids)] } : {}),
          ...(changes.sub_category_ids !== undefined ? { subCategoryIds: [...new Set(changes.sub_category_ids)] } : {}),
          startsAt: merged.starts_at ? new Date(merged.starts_at) : null,
          endsAt: merged.ends_at ? new Date(merged.ends_at) : null,
          ...(changes.usage_limit !== undefined ? { usageLimit: changes.usage_limit } : {}),
          ...(changes.per_user_limit !== undefined ? { perUserLimit: changes.per_user_limit } : {}),
        })
        .where(eq(coupons.id, id))
        .returning();
      return row ?? null;
    }),
  );
}

/**
 * DELETE vendor/coupons/{id}, admin/coupons/{id}: the row as it was just before (one statement,
 * RETURNING the deleted row); null when not the owner's. Past orders keep their coupon code.
 */
export async function deleteCoupon(db: DbOrTx, owner: CouponOwner, id: number): Promise<CouponRow | null> {
  const [row] = await db
    .delete(coupons)
    .where(and(eq(coupons.id, id), owned(owner)))
    .returning();
  return row ?? null;
}
