import { DIGITAL_QUANTITY_MESSAGE, repeatedDigitalLines } from '@parade/core/cart';
import type { CouponFunding } from '@parade/core/cart-schemas';
import {
  type CouponLine,
  couponMatchesLine,
  couponMessages,
  couponRefusalCodes,
  evaluateCoupon,
} from '@parade/core/coupon';
import type { ErrorCode } from '@parade/core/error-codes';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { priceShopVariations } from '../catalog';
import { couponRedemptions } from './cart.tables';
import { findCouponForShop } from './coupon-lookup';

export interface CartLineInput {
  variation_id: number;
  quantity: number;
}

export interface ValidatedCoupon {
  id: number;
  code: string;
  shop_id: number;
  /** Pence, computed from the database's prices for the given lines. */
  discount: number;
  product_ids: number[];
  funded_by: CouponFunding;
}

/** 422 naming `code`; a coupon used up is a conflict with its state (409), as place-order answers it. */
const refused = (message: string, code: ErrorCode) =>
  new AppError(code === 'coupon_used_up' ? 409 : 422, message, { code: [message] }, code);

/** The shop's active lines among the given ones, priced from the database (the client's prices are ignored). */
export async function pricedShopLines(
  db: DbOrTx,
  shopId: number,
  items: CartLineInput[],
): Promise<(CouponLine & { variationId: number; type: 'Physical' | 'Digital' })[]> {
  const ids = [...new Set(items.map((i) => i.variation_id))];
  const rows = await priceShopVariations(db, shopId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.flatMap((item) => {
    const row = byId.get(item.variation_id);
    return row
      ? [
          {
            variationId: row.id,
            type: row.type,
            productId: row.productId,
            categoryId: row.categoryId,
            subCategoryId: row.subCategoryId,
            price: row.price,
            quantity: item.quantity,
          },
        ]
      : [];
  });
}

/**
 * Checks a code (the shop's coupon, else a platform coupon) against the cart lines of that shop
 * and returns the discount it gives. Throws a 422 naming `code` with a message the shopper can act on.
 */
export async function validateCoupon(
  db: DbOrTx,
  input: { shopId: number; code: string; items: CartLineInput[]; userId: number | null; now?: Date },
): Promise<ValidatedCoupon> {
  const coupon = await findCouponForShop(db, input.shopId, input.code);
  if (!coupon) throw refused(couponMessages.notFound, 'coupon_not_found');

  let usesByThisUser = 0;
  if (input.userId !== null) {
    const [row] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, input.userId)));
    usesByThisUser = row?.n ?? 0;
  }

  const lines = await pricedShopLines(db, input.shopId, input.items);
  // A coupon is never priced on what checkout would refuse: a download more than once.
  const repeated = repeatedDigitalLines(input.items, (id) => lines.find((line) => line.variationId === id)?.type);
  if (repeated.length > 0) {
    throw new AppError(
      422,
      DIGITAL_QUANTITY_MESSAGE,
      Object.fromEntries(repeated.map((index) => [`items.${index}`, [DIGITAL_QUANTITY_MESSAGE]])),
      'validation_failed',
    );
  }
  const check = evaluateCoupon(coupon, lines, { now: input.now ?? new Date(), usesByThisUser });
  if (!check.ok) throw refused(check.message, couponRefusalCodes[check.reason]);
  return {
    id: coupon.id,
    code: coupon.code,
    shop_id: input.shopId,
    discount: check.discount,
    product_ids: coveredProductIds(coupon, lines),
    funded_by: coupon.fundedBy,
  };
}

/**
 * The contract's `product_ids` (empty = the whole shop): for a coupon limited to some products,
 * categories or sub-categories, the products it names and this cart's products it covers through
 * a category or sub-category, so a client can tell which lines it lowers without knowing the
 * taxonomy. Empty only for a coupon that covers every line.
 */
function coveredProductIds(coupon: Parameters<typeof couponMatchesLine>[0], lines: CouponLine[]): number[] {
  const limited =
    coupon.productIds.length > 0 || (coupon.categoryIds?.length ?? 0) > 0 || (coupon.subCategoryIds?.length ?? 0) > 0;
  if (!limited) return [];
  const covered = lines.filter((line) => couponMatchesLine(coupon, line)).map((line) => line.productId);
  return [...new Set([...coupon.productIds, ...covered])].sort((a, b) => a - b);
}
