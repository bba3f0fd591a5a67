import type { OrderStatus, OrderType, PaymentMethod } from '@parade/core/enums';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoiceNumberSeq, invoices, type OrderAddress, orderItems, orderStatusHistory, orders } from './orders.tables';

/**
 * The orders module's write commands, for the checkout and order-status workflows. Each takes the
 * caller's transaction; none opens its own, so a workflow's steps commit or fail together.
 */

export interface LockedOrder {
  id: number;
  invoiceId: number;
  shopId: number;
  userId: number;
  status: OrderStatus;
  paymentStatus: 'unpaid' | 'paid' | 'failed';
  total: number;
  shippingCharge: number;
  rewardPointsUsed: number;
}

const lockedColumns = {
  id: orders.id,
  invoiceId: orders.invoiceId,
  shopId: orders.shopId,
  userId: orders.userId,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  total: orders.total,
  shippingCharge: orders.shippingCharge,
  rewardPointsUsed: orders.rewardPointsUsed,
};

/**
 * Locks one order row (SELECT ... FOR UPDATE) so two status changes of the same order run one
 * after the other and the second sees the first's status. `shopId` scopes it to one shop's orders.
 */
export async function lockOrder(db: DbOrTx, orderId: number, shopId?: number): Promise<LockedOrder | null> {
  const where = shopId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.shopId, shopId));
  const [row] = await db.select(lockedColumns).from(orders).where(where).for('update');
  return row ?? null;
}

/** Locks the invoice's orders that are not cancelled yet, in id order (the same order for every caller). */
export async function lockLiveInvoiceOrders(db: DbOrTx, invoiceId: number): Promise<LockedOrder[]> {
  return db
    .select(lockedColumns)
    .from(orders)
    .where(and(eq(orders.invoiceId, invoiceId), ne(orders.status, 'cancelled')))
    .orderBy(asc(orders.id))
    .for('update');
}

/**
 * Moves an order from `from` to `to` and appends the change to its history. The update is guarded
 * by the status it expects, so a change computed from a stale read changes nothing (false).
 */
export async function setOrderStatus(
  db: DbOrTx,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  note: string | null,
): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (changed.length === 0) return false;
  await db.insert(orderStatusHistory).values({ orderId, status: to, note });
  return true;
}

/** What an order took from stock: its lines that still point at a variation. */
export async function orderSaleLines(
  db: DbOrTx,
  orderId: number,
): Promise<{ variationId: number; quantity: number }[]> {
  const rows = await db
    .select({ variationId: orderItems.variationId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return rows.flatMap((r) => (r.variationId === null ? [] : [{ variationId: r.variationId, quantity: r.quantity }]));
}

/**
 * Marks a cash order paid, and its invoice paid once every live order of the invoice is. Returns
 * false when the order is not unpaid (already paid, or a failed card payment).
 */
export async function setOrderPaid(db: DbOrTx, order: LockedOrder): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ paymentStatus: 'paid', updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'unpaid')))
    .returning({ id: orders.id });
  if (changed.length === 0) return false;
  await db
    .update(invoices)
    .set({ paymentStatus: 'paid', updatedAt: new Date() })
    .where(
      and(
        eq(invoices.id, order.invoiceId),
        sql`not exists (select 1 from ${orders} o where o.invoice_id = ${invoices.id} and o.status <> 'cancelled' and o.payment_status <> 'paid')`,
      ),
    );
  return true;
}

export interface NewInvoice {
  userId: number;
  orderType: OrderType;
  collectionPoint: string | null;
  address: OrderAddress | null;
  subtotal: number;
  discount: number;
  rewardDiscount: number;
  shippingCharge: number;
  total: number;
  paymentMethod: PaymentMethod;
  paymentDueAt: Date | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  note: string | null;
  now: Date;
}

/** The unique index that makes one Idempotency-Key one invoice per customer. */
export const INVOICE_IDEMPOTENCY_INDEX = 'invoices_user_idempotency_idx';

/** Creates an invoice numbered INV-{year}-{next of invoice_number_seq, at least six digits}. */
export async function createInvoice(db: DbOrTx, input: NewInvoice): Promise<typeof invoices.$inferSelect> {
  // A sequence, not max()+1: concurrent checkouts never wait on each other for a number. Taken
  // in the insert itself (one round trip); padded to six digits, never cut past 999999.
  const number = sql`(select ${`INV-${input.now.getUTCFullYear()}-`} || lpad(n::text, greatest(6, length(n::text)), '0') from (select nextval(${invoiceNumberSeq.seqName}::regclass) as n) as next_number)`;
  const [row] = await db
    .insert(invoices)
    .values({
      number,
      userId: input.userId,
      orderType: input.orderType,
      collectionPoint: input.collectionPoint,
      address: input.address,
      subtotal: input.subtotal,
      discount: input.discount,
      rewardDiscount: input.rewardDiscount,
      shippingCharge: input.shippingCharge,
      total: input.total,
      paymentMethod: input.paymentMethod,
      paymentDueAt: input.paymentDueAt,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      note: input.note,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

export interface NewOrderLine {
  variationId: number;
  productId: number;
  fullName: string;
  type: 'Physical' | 'Digital';
  price: number;
  quantity: number;
  discount: number;
  total: number;
  thumbnail: string | null;
}

export interface NewOrder {
  invoiceId: number;
  shopId: number;
  userId: number;
  subtotal: number;
  discount: number;
  rewardDiscount: number;
  rewardPointsUsed: number;
  shippingCharge: number;
  total: number;
  couponCode: string | null;
  lines: NewOrderLine[];
  now: Date;
}

export interface CreatedOrders {
  /** The new orders' ids, in the order of the inputs. */
  ids: number[];
  /** The rows as written, for the checkout's reply (see checkoutReply). */
  orders: (typeof orders.$inferSelect)[];
  lines: (typeof orderItems.$inferSelect)[];
}

/**
 * Creates a checkout's orders (one per shop, so shop ids are distinct) with a copy of their lines
 * and the first history entry, `pending`: three multi-row statements however many shops.
 */
export async function createOrders(db: DbOrTx, inputs: NewOrder[]): Promise<CreatedOrders> {
  if (inputs.length === 0) return { ids: [], orders: [], lines: [] };
  const created = await db
    .insert(orders)
    .values(
      inputs.map((input) => ({
        invoiceId: input.invoiceId,
        shopId: input.shopId,
        userId: input.userId,
        subtotal: input.subtotal,
        discount: input.discount,
        rewardDiscount: input.rewardDiscount,
        rewardPointsUsed: input.rewardPointsUsed,
        shippingCharge: input.shippingCharge,
        total: input.total,
        couponCode: input.couponCode,
        createdAt: input.now,
        updatedAt: input.now,
      })),
    )
    .returning();
  // RETURNING's row order is not promised: match the rows back by shop.
  const idByShop = new Map(created.map((row) => [row.shopId, row.id]));
  const orderIds = inputs.map((input) => {
    const id = idByShop.get(input.shopId);
    if (id === undefined) throw new Error(`createOrders: no order came back for shop ${input.shopId}`);
    return id;
  });
  const lines = inputs.flatMap((input, i) => input.lines.map((line) => ({ ...line, orderId: orderIds[i]! })));
  const lineRows = lines.length > 0 ? await db.insert(orderItems).values(lines).returning() : [];
  await db
    .insert(orderStatusHistory)
    .values(inputs.map((input, i) => ({ orderId: orderIds[i]!, status: 'pending' as const, createdAt: input.now })));
  return { ids: orderIds, orders: created, lines: lineRows };
}

/** The customer's invoice made with this Idempotency-Key, if any, with the hash of its request. */
export async function findInvoiceByIdempotencyKey(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<{ id: number; requestHash: string | null } | null> {
  const [row] = await db
    .select({ id: invoices.id, requestHash: invoices.requestHash })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.idempotencyKey, key)));
  return row ?? null;
}
