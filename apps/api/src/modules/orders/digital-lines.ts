import { type Paginated, paginate } from '@parade/core/envelope';
import { and, count, desc, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopRefs } from '../shops';
import { orderItems, orders } from './orders.tables';

/**
 * What the downloads module needs of orders: the digital lines a customer has bought and may
 * download. A line counts while its order is paid and not cancelled (an order cancelled after
 * payment, e.g. refunded, takes its files back), it is a Digital line, and it still points at a
 * variation (a deleted variation leaves the line without a file to give).
 */
function downloadable(userId: number): SQL {
  return and(
    eq(orders.userId, userId),
    eq(orders.paymentStatus, 'paid'),
    ne(orders.status, 'cancelled'),
    eq(orderItems.type, 'Digital'),
    isNotNull(orderItems.variationId),
  )!;
}

/** The variations of every digital line the customer may download (each once). */
export async function purchasedDigitalVariationIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ variationId: orderItems.variationId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(downloadable(userId));
  return rows.flatMap((r) => (r.variationId === null ? [] : [r.variationId]));
}

/**
 * Which of `variationIds` are in a digital line of an order not cancelled, paid or still being
 * paid for: their buyers download them from their variations, so those must stay (the catalogue
 * deletions in workflows/delete-from-catalogue.ts ask this first).
 */
export async function boughtDigitalVariationIds(db: DbOrTx, variationIds: number[]): Promise<number[]> {
  if (variationIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ variationId: orderItems.variationId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.variationId, variationIds),
        eq(orderItems.type, 'Digital'),
        ne(orders.status, 'cancelled'),
      ),
    );
  return rows.flatMap((r) => (r.variationId === null ? [] : [r.variationId]));
}

export interface PurchasedDigitalLine {
  orderItemId: number;
  orderId: number;
  variationId: number;
  shop: { id: number; name: string; slug: string };
  /** When the order was placed. */
  purchasedAt: Date;
}

/**
 * One page of the customer's downloadable digital lines, newest order first, among the lines
 * of `variationIds` (the caller keeps only variations that still have a file, so the page and
 * its total count the same lines).
 */
export async function listPurchasedDigitalLines(
  db: DbOrTx,
  userId: number,
  variationIds: number[],
  page: { page: number; perPage: number },
): Promise<Paginated<PurchasedDigitalLine>> {
  if (variationIds.length === 0) return paginate([], 0, page.page, page.perPage);
  const where = and(downloadable(userId), inArray(orderItems.variationId, variationIds));
  const shop = shopRefs(db);
  const [counted, rows] = await Promise.all([
    db.select({ n: count() }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(where),
    db
      .select({
        orderItemId: orderItems.id,
        orderId: orders.id,
        variationId: orderItems.variationId,
        purchasedAt: orders.createdAt,
        shop: { id: shop.id, name: shop.name, slug: shop.slug },
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(shop, eq(shop.id, orders.shopId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id), desc(orderItems.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
  ]);
  const lines = rows.flatMap((r) => (r.variationId === null ? [] : [{ ...r, variationId: r.variationId }]));
  return paginate(lines, counted[0]?.n ?? 0, page.page, page.perPage);
}

/**
 * The customer's downloadable digital line with this id, or null: another customer's line, an
 * unpaid or cancelled order, a physical line or one whose variation is gone all answer null.
 */
export async function findPurchasedDigitalLine(
  db: DbOrTx,
  input: { orderItemId: number; userId: number },
): Promise<{ orderItemId: number; orderId: number; variationId: number } | null> {
  const [row] = await db
    .select({ orderItemId: orderItems.id, orderId: orders.id, variationId: orderItems.variationId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, input.orderItemId), downloadable(input.userId)))
    .limit(1);
  if (!row || row.variationId === null) return null;
  return { orderItemId: row.orderItemId, orderId: row.orderId, variationId: row.variationId };
}
