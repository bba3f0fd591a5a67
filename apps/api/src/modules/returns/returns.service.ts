import type { ReturnStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import {
  type CustomerReturn,
  type OrderReturnOptions,
  RETURN_HOLDING_STATUSES,
  RETURNS_PER_PAGE,
  returnBlockFor,
  returnWindowDays,
  returnWindowEnd,
  type VendorReturn,
} from '@parade/core/return-schemas';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { ilikeAny } from '../../lib/text-match';
import { getSiteSettings } from '../content';
import { customerOrderLines, orderDeliveredAt, orderLineRefs } from '../orders';
import { shopRefs } from '../shops';
import { userRefs } from '../users';
import { orderReturns } from './returns.tables';

/**
 * Returns: the customer's own and the shop's. Every read joins the order line through the
 * orders module's `orderLineRefs` (its tables stay its own), so a return is scoped by the
 * line's customer (customer calls) or the line's shop (vendor calls): another customer's or
 * another shop's return answers exactly as a missing one.
 */

type ReturnRow = typeof orderReturns.$inferSelect;

/** The setting as whole days (core's rule: missing or unreadable = 14). */
export async function currentReturnWindowDays(db: DbOrTx): Promise<number> {
  return returnWindowDays((await getSiteSettings(db)).return_window_days);
}

/** Quantities held by pending and accepted returns, per order line (a rejected one frees its quantity). */
export async function heldQuantities(db: DbOrTx, orderItemIds: number[]): Promise<Map<number, number>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await db
    .select({
      itemId: orderReturns.orderItemId,
      held: sql<number>`coalesce(sum(${orderReturns.quantity}), 0)::int`,
    })
    .from(orderReturns)
    .where(
      and(inArray(orderReturns.orderItemId, orderItemIds), inArray(orderReturns.status, [...RETURN_HOLDING_STATUSES])),
    )
    .groupBy(orderReturns.orderItemId);
  return new Map(rows.flatMap((r) => (r.itemId === null ? [] : [[r.itemId, Number(r.held)] as const])));
}

/** Writes a new `pending` return; for the request-return workflow's transaction. Answers its id. */
export async function insertReturn(
  db: DbOrTx,
  input: { userId: number; orderId: number; orderItemId: number; quantity: number; reason: string },
): Promise<number> {
  const [row] = await db.insert(orderReturns).values(input).returning({ id: orderReturns.id });
  if (!row) throw new Error('The return insert returned no row');
  return row.id;
}

/** The columns every return read selects: the return, its line, shop and customer. */
function returnColumns(db: DbOrTx) {
  const line = orderLineRefs(db);
  const shop = shopRefs(db);
  const person = userRefs(db);
  const columns = {
    row: orderReturns,
    line: {
      invoiceNumber: line.invoiceNumber,
      fullName: line.fullName,
      thumbnail: line.thumbnail,
      price: line.price,
      quantity: line.quantity,
    },
    shop: { id: shop.id, name: shop.name, slug: shop.slug },
    customer: { name: person.name, email: person.email },
  };
  const from = () =>
    db
      .select(columns)
      .from(orderReturns)
      .innerJoin(line, eq(line.id, orderReturns.orderItemId))
      .innerJoin(shop, eq(shop.id, line.shopId))
      .innerJoin(person, eq(person.id, orderReturns.userId));
  return { line, person, from };
}

type Joined = {
  row: ReturnRow;
  line: { invoiceNumber: string; fullName: string; thumbnail: string | null; price: number; quantity: number };
  shop: { id: number; name: string; slug: string };
  customer: { name: string; email: string };
};

function toCustomerReturn({ row, line, shop }: Joined): CustomerReturn {
  return {
    id: row.id,
    order_id: row.orderId,
    order_item_id: row.orderItemId,
    quantity: row.quantity,
    reason: row.reason,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    invoice_number: line.invoiceNumber,
    item: { full_name: line.fullName, thumbnail: line.thumbnail, price: line.price, quantity: line.quantity },
    shop,
    staff_note: row.staffNote,
    decided_at: row.decidedAt?.toISOString() ?? null,
    received_at: row.receivedAt?.toISOString() ?? null,
  };
}

const toVendorReturn = (joined: Joined): VendorReturn => ({ ...toCustomerReturn(joined), customer: joined.customer });

/** GET user/order-return: the customer's returns, newest first, optionally of one status. */
export async function listCustomerReturns(
  db: DbOrTx,
  userId: number,
  query: { page: number; status?: ReturnStatus },
): Promise<Paginated<CustomerReturn>> {
  const where = and(eq(orderReturns.userId, userId), query.status ? eq(orderReturns.status, query.status) : undefined);
  const { from } = returnColumns(db);
  const [rows, [counted]] = await Promise.all([
    from()
      .where(where)
      .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
      .limit(RETURNS_PER_PAGE)
      .offset((query.page - 1) * RETURNS_PER_PAGE),
    db.select({ total: sql<number>`count(*)::int` }).from(orderReturns).where(where),
  ]);
  return paginate(rows.map(toCustomerReturn), Number(counted?.total ?? 0), query.page, RETURNS_PER_PAGE);
}

/** One of the customer's returns in the list's shape, or null. */
export async function findCustomerReturn(db: DbOrTx, userId: number, id: number): Promise<CustomerReturn | null> {
  const [row] = await returnColumns(db)
    .from()
    .where(and(eq(orderReturns.id, id), eq(orderReturns.userId, userId)));
  return row ? toCustomerReturn(row) : null;
}

export interface VendorReturnQuery {
  page: number;
  perPage: number;
  status?: ReturnStatus;
  search?: string;
  sort?: { key: 'created_at' | 'quantity'; desc: boolean };
}

/** GET vendor/returns: returns on the shop's orders, newest first unless sorted, with the customer. */
export async function listVendorReturns(
  db: DbOrTx,
  shopId: number,
  query: VendorReturnQuery,
): Promise<Paginated<VendorReturn>> {
  const { line, person, from } = returnColumns(db);
  const where = [
    eq(line.shopId, shopId),
    query.status ? eq(orderReturns.status, query.status) : undefined,
    ilikeAny(query.search, line.invoiceNumber, line.fullName, person.name, person.email),
  ];
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const sortColumn = query.sort?.key === 'quantity' ? orderReturns.quantity : orderReturns.createdAt;
  const [rows, [counted]] = await Promise.all([
    from()
      .where(and(...where))
      .orderBy(direction(sortColumn), direction(orderReturns.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orderReturns)
      .innerJoin(line, eq(line.id, orderReturns.orderItemId))
      .innerJoin(person, eq(person.id, orderReturns.userId))
      .where(and(...where)),
  ]);
  return paginate(rows.map(toVendorReturn), Number(counted?.total ?? 0), query.page, query.perPage);
}

/** GET vendor/returns/{id}: one return on the shop's orders, or null for another shop's (or none). */
export async function findVendorReturn(db: DbOrTx, shopId: number, id: number): Promise<VendorReturn | null> {
  const { line, from } = returnColumns(db);
  const [row] = await from().where(and(eq(orderReturns.id, id), eq(line.shopId, shopId)));
  return row ? toVendorReturn(row) : null;
}

export interface LockedReturn {
  id: number;
  orderId: number;
  /** null only if the line was deleted (it never is while its order exists). */
  orderItemId: number | null;
  status: ReturnStatus;
  quantity: number;
  receivedAt: Date | null;
  variationId: number | null;
  invoiceNumber: string;
  fullName: string;
  customer: { name: string; email: string };
}

/**
 * A return on the shop's orders, locked (FOR UPDATE OF order_returns) until the transaction
 * ends, or null for another shop's or none: two decisions on one return run one after the
 * other, and the second sees the first's status.
 */
export async function lockVendorReturn(db: DbOrTx, shopId: number, id: number): Promise<LockedReturn | null> {
  const line = orderLineRefs(db);
  const person = userRefs(db);
  const [row] = await db
    .select({
      id: orderReturns.id,
      orderId: orderReturns.orderId,
      orderItemId: orderReturns.orderItemId,
      status: orderReturns.status,
      quantity: orderReturns.quantity,
      receivedAt: orderReturns.receivedAt,
      variationId: line.variationId,
      invoiceNumber: line.invoiceNumber,
      fullName: line.fullName,
      customer: { name: person.name, email: person.email },
    })
    .from(orderReturns)
    .innerJoin(line, eq(line.id, orderReturns.orderItemId))
    .innerJoin(person, eq(person.id, orderReturns.userId))
    .where(and(eq(orderReturns.id, id), eq(line.shopId, shopId)))
    .for('update', { of: orderReturns });
  return row ?? null;
}

/**
 * Records the shop's decision on a pending return. Guarded by `pending`, so a decision computed
 * from a stale read changes nothing (false).
 */
export async function setReturnDecision(
  db: DbOrTx,
  id: number,
  decision: { status: 'accepted' | 'rejected'; note: string | null; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(orderReturns)
    .set({ status: decision.status, staffNote: decision.note, decidedAt: decision.at, updatedAt: decision.at })
    .where(and(eq(orderReturns.id, id), eq(orderReturns.status, 'pending')))
    .returning({ id: orderReturns.id });
  return rows.length > 0;
}

/** Marks an accepted return received, once: false when it is not accepted or was already received. */
export async function setReturnReceived(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(orderReturns)
    .set({ receivedAt: at, updatedAt: at })
    .where(and(eq(orderReturns.id, id), eq(orderReturns.status, 'accepted'), sql`${orderReturns.receivedAt} is null`))
    .returning({ id: orderReturns.id });
  return rows.length > 0;
}

/**
 * GET user/order/{id}/returnable: whether the customer's order can be returned now, until
 * when, and how many of each line are left. Another customer's order (or none) is 404.
 */
export async function orderReturnOptions(
  db: DbOrTx,
  userId: number,
  orderId: number,
  now: Date,
): Promise<OrderReturnOptions> {
  const order = await customerOrderLines(db, orderId, userId);
  if (!order) throw notFound('Order not found.', 'order_not_found');
  const [windowDays, delivered, held] = await Promise.all([
    currentReturnWindowDays(db),
    orderDeliveredAt(db, [order.id]),
    heldQuantities(
      db,
      order.lines.map((l) => l.id),
    ),
  ]);
  const deliveredAt = order.status === 'delivered' ? (delivered.get(order.id) ?? null) : null;
  const blocked = returnBlockFor({ status: order.status, deliveredAt }, windowDays, now);
  return {
    order_id: order.id,
    window_days: windowDays,
    returnable_until: deliveredAt ? returnWindowEnd(deliveredAt, windowDays).toISOString() : null,
    blocked,
    items: order.lines.map((l) => {
      const returned = held.get(l.id) ?? 0;
      return {
        order_item_id: l.id,
        quantity: l.quantity,
        returned_quantity: returned,
        returnable_quantity: blocked ? 0 : Math.max(0, l.quantity - returned),
      };
    }),
  };
}

/**
 * The quantities of the order's lines already back (its received returns other than
 * `exceptReturnId`), by order line id: what a new return's refund is computed after
 * (docs/decisions/030).
 */
export async function receivedQuantities(
  db: DbOrTx,
  orderId: number,
  exceptReturnId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ itemId: orderReturns.orderItemId, quantity: sql<number>`sum(${orderReturns.quantity})::int` })
    .from(orderReturns)
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        sql`${orderReturns.receivedAt} is not null`,
        sql`${orderReturns.id} <> ${exceptReturnId}`,
      ),
    )
    .groupBy(orderReturns.orderItemId);
  return new Map(rows.flatMap((r) => (r.itemId === null ? [] : [[r.itemId, Number(r.quantity)] as const])));
}

/** What each of these returns took back (its line's name and the quantity), by return id. */
export async function returnSummaries(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, { quantity: number; fullName: string }>> {
  if (ids.length === 0) return new Map();
  const line = orderLineRefs(db);
  const rows = await db
    .select({ id: orderReturns.id, quantity: orderReturns.quantity, fullName: line.fullName })
    .from(orderReturns)
    .innerJoin(line, eq(line.id, orderReturns.orderItemId))
    .where(inArray(orderReturns.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { quantity: row.quantity, fullName: row.fullName }]));
}
