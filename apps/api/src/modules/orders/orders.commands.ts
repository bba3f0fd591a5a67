import type { OrderStatus, OrderType, PaymentMethod, PaymentStatus } from '@parade/core/enums';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowFromJson } from '../../db/json-rows';
import { preparedOn, rawStatement } from '../../db/prepared';
import { ORDER_EVENTS_CHANNEL, orderUpdated, recordOrderEvent } from './order-events';
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
  orderType: OrderType;
  paymentStatus: PaymentStatus;
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
  // The checkout's order type, read beside the order (its invoice row is not locked).
  orderType: sql<OrderType>`(select ${invoices.orderType} from ${invoices} where ${invoices.id} = ${orders.invoiceId})`,
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
    .returning({ id: orders.id, shopId: orders.shopId, status: orders.status, paymentStatus: orders.paymentStatus });
  const [order] = changed;
  if (!order) return false;
  await db.insert(orderStatusHistory).values({ orderId, status: to, note });
  await recordOrderEvent(db, order.shopId, orderUpdated(order));
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
/** How the order's invoice is paid (cash or card); null when there is no such invoice. */
export async function invoicePaymentMethod(db: DbOrTx, invoiceId: number): Promise<PaymentMethod | null> {
  const [row] = await db
    .select({ paymentMethod: invoices.paymentMethod })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row?.paymentMethod ?? null;
}

export async function setOrderPaid(db: DbOrTx, order: LockedOrder): Promise<boolean> {
  const changed = await db
    .update(orders)
    .set({ paymentStatus: 'paid', updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'unpaid')))
    .returning({ id: orders.id });
  if (changed.length === 0) return false;
  await recordOrderEvent(db, order.shopId, orderUpdated({ ...order, paymentStatus: 'paid' }));
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
  /** The VAT rate the price included and the pence of VAT in what the line was charged (core's lineVat). */
  vatRate: number;
  vat: number;
}

/** One shop's order of a checkout (its invoice's customer and time are the invoice's). */
export interface NewOrder {
  shopId: number;
  subtotal: number;
  discount: number;
  rewardDiscount: number;
  rewardPointsUsed: number;
  shippingCharge: number;
  total: number;
  couponCode: string | null;
  /** The part of `discount` the platform pays (a platform coupon's), else 0. */
  platformDiscount: number;
  /** What the platform keeps and what is the shop's (contract: "Money"): vendorNet = total - commission. */
  commission: number;
  vendorNet: number;
  /** The shop's VAT number now, when it is VAT-registered. */
  vatNumber: string | null;
  lines: NewOrderLine[];
}

export interface CreatedCheckout {
  invoice: typeof invoices.$inferSelect;
  /** The new orders' ids, in the order of the inputs. */
  ids: number[];
  /** The rows as written, for the checkout's reply (see checkoutReply). */
  orders: (typeof orders.$inferSelect)[];
  lines: (typeof orderItems.$inferSelect)[];
}

/**
 * Writes a checkout: one invoice numbered INV-{year}-{next of invoice_number_seq, at least six
 * digits}, one order per shop (shop ids distinct) with a copy of its lines and its first history
 * entry, `pending`. ONE statement however many shops and lines (data-modifying CTEs over arrays,
 * prepared once per connection), returning every row it wrote; a checkout's time on the database
 * connection is mostly round trips, so each one saved shortens every checkout waiting behind it.
 *
 * The number comes from a sequence, not max()+1: concurrent checkouts never wait on each other
 * for one. Ids follow the inputs' order (orders, then lines order by order), as the reply sorts by id.
 */
export async function createCheckout(db: DbOrTx, invoice: NewInvoice, newOrders: NewOrder[]): Promise<CreatedCheckout> {
  if (newOrders.length === 0) throw new Error('createCheckout: a checkout has at least one order');
  const lines = newOrders.flatMap((order) => order.lines.map((line) => ({ ...line, shopId: order.shopId })));
  const column = <T, V>(list: T[], pick: (item: T) => V) => list.map(pick);
  const { rows } = await preparedOn(db, 'orders_create_checkout', () =>
    rawStatement<CheckoutJson>(db, checkoutStatement),
  ).execute({
    numberPrefix: `INV-${invoice.now.getUTCFullYear()}-`,
    userId: invoice.userId,
    orderType: invoice.orderType,
    collectionPoint: invoice.collectionPoint,
    address: invoice.address === null ? null : JSON.stringify(invoice.address),
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    rewardDiscount: invoice.rewardDiscount,
    shippingCharge: invoice.shippingCharge,
    total: invoice.total,
    paymentMethod: invoice.paymentMethod,
    paymentDueAt: invoice.paymentDueAt?.toISOString() ?? null,
    idempotencyKey: invoice.idempotencyKey,
    requestHash: invoice.requestHash,
    note: invoice.note,
    now: invoice.now.toISOString(),
    orderShopIds: column(newOrders, (o) => o.shopId),
    orderSubtotals: column(newOrders, (o) => o.subtotal),
    orderDiscounts: column(newOrders, (o) => o.discount),
    orderRewardDiscounts: column(newOrders, (o) => o.rewardDiscount),
    orderPointsUsed: column(newOrders, (o) => o.rewardPointsUsed),
    orderShippingCharges: column(newOrders, (o) => o.shippingCharge),
    orderTotals: column(newOrders, (o) => o.total),
    orderCouponCodes: column(newOrders, (o) => o.couponCode),
    orderPlatformDiscounts: column(newOrders, (o) => o.platformDiscount),
    orderCommissions: column(newOrders, (o) => o.commission),
    orderVendorNets: column(newOrders, (o) => o.vendorNet),
    orderVatNumbers: column(newOrders, (o) => o.vatNumber),
    lineShopIds: column(lines, (l) => l.shopId),
    lineVariationIds: column(lines, (l) => l.variationId),
    lineProductIds: column(lines, (l) => l.productId),
    lineFullNames: column(lines, (l) => l.fullName),
    lineTypes: column(lines, (l) => l.type),
    linePrices: column(lines, (l) => l.price),
    lineQuantities: column(lines, (l) => l.quantity),
    lineDiscounts: column(lines, (l) => l.discount),
    lineTotals: column(lines, (l) => l.total),
    lineThumbnails: column(lines, (l) => l.thumbnail),
    lineVatRates: column(lines, (l) => l.vatRate),
    lineVats: column(lines, (l) => l.vat),
  });
  const written = rows[0];
  if (!written) throw new Error('createCheckout: the statement returned no row');
  const createdOrders = written.orders.map((json) => rowFromJson(orders, json));
  // RETURNING's row order is not promised: match the rows back by shop.
  const idByShop = new Map(createdOrders.map((row) => [row.shopId, row.id]));
  const ids = newOrders.map((order) => {
    const id = idByShop.get(order.shopId);
    if (id === undefined) throw new Error(`createCheckout: no order came back for shop ${order.shopId}`);
    return id;
  });
  const createdLines = written.lines.map((json) => rowFromJson(orderItems, json));
  if (createdLines.length !== lines.length) throw new Error('createCheckout: lines missing from the statement');
  return { invoice: rowFromJson(invoices, written.invoice), ids, orders: createdOrders, lines: createdLines };
}

type JsonRow = Record<string, unknown>;
interface CheckoutJson {
  invoice: JsonRow;
  orders: JsonRow[];
  lines: JsonRow[];
}

const p = (name: string) => sql.placeholder(name);
const checkoutStatement = sql`
  with new_invoice as (
    insert into invoices (number, user_id, order_type, collection_point, address, subtotal, discount,
      reward_discount, shipping_charge, total, payment_method, payment_due_at, idempotency_key,
      request_hash, note, created_at, updated_at)
    select ${p('numberPrefix')}::text || lpad(n::text, greatest(6, length(n::text)), '0'),
      ${p('userId')}::int, ${p('orderType')}::order_type, ${p('collectionPoint')}::text, ${p('address')}::jsonb,
      ${p('subtotal')}::int, ${p('discount')}::int, ${p('rewardDiscount')}::int, ${p('shippingCharge')}::int,
      ${p('total')}::int, ${p('paymentMethod')}::payment_method, ${p('paymentDueAt')}::timestamptz,
      ${p('idempotencyKey')}::text, ${p('requestHash')}::text, ${p('note')}::text,
      ${p('now')}::timestamptz, ${p('now')}::timestamptz
    from (select nextval(${sql.raw(`'${invoiceNumberSeq.seqName}'`)}::regclass) as n) as next_number
    returning *
  ),
  new_orders as (
    insert into orders (invoice_id, shop_id, user_id, subtotal, discount, reward_discount,
      reward_points_used, shipping_charge, total, coupon_code, platform_discount, commission, vendor_net,
      vat_number, created_at, updated_at)
    select i.id, o.shop_id, i.user_id, o.subtotal, o.discount, o.reward_discount, o.points_used,
      o.shipping_charge, o.total, o.coupon_code, o.platform_discount, o.commission, o.vendor_net, o.vat_number,
      i.created_at, i.created_at
    from new_invoice i,
      unnest(${p('orderShopIds')}::int[], ${p('orderSubtotals')}::int[], ${p('orderDiscounts')}::int[],
        ${p('orderRewardDiscounts')}::int[], ${p('orderPointsUsed')}::int[], ${p('orderShippingCharges')}::int[],
        ${p('orderTotals')}::int[], ${p('orderCouponCodes')}::text[], ${p('orderPlatformDiscounts')}::int[],
        ${p('orderCommissions')}::int[], ${p('orderVendorNets')}::int[], ${p('orderVatNumbers')}::text[])
        with ordinality as o(shop_id, subtotal, discount, reward_discount, points_used, shipping_charge,
          total, coupon_code, platform_discount, commission, vendor_net, vat_number, n)
    order by o.n
    returning *
  ),
  new_lines as (
    insert into order_items (order_id, variation_id, product_id, full_name, type, price, quantity,
      discount, total, thumbnail, vat_rate, vat)
    select o.id, l.variation_id, l.product_id, l.full_name, l.type::product_type, l.price, l.quantity, l.discount,
      l.total, l.thumbnail, l.vat_rate, l.vat
    from unnest(${p('lineShopIds')}::int[], ${p('lineVariationIds')}::int[], ${p('lineProductIds')}::int[],
        ${p('lineFullNames')}::text[], ${p('lineTypes')}::text[], ${p('linePrices')}::int[],
        ${p('lineQuantities')}::int[], ${p('lineDiscounts')}::int[], ${p('lineTotals')}::int[],
        ${p('lineThumbnails')}::text[], ${p('lineVatRates')}::int[], ${p('lineVats')}::int[])
        with ordinality as l(shop_id, variation_id, product_id, full_name, type, price, quantity,
          discount, total, thumbnail, vat_rate, vat, n)
      join new_orders o on o.shop_id = l.shop_id
    order by l.n
    returning *
  ),
  first_history as (
    insert into order_status_history (order_id, status, created_at)
    select id, 'pending', created_at from new_orders order by id
  ),
  created_events as (
    -- Each shop's live board hears of its new order (order-events.ts); the NOTIFY below reaches
    -- the listeners only when this transaction commits.
    insert into order_events (shop_id, kind, data, created_at)
    select o.shop_id, 'order.created',
      jsonb_build_object('order_id', o.id, 'invoice_number', i.number, 'status', o.status,
        'total', o.total, 'created_at', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      o.created_at
    from new_orders o, new_invoice i
    order by o.id
    returning shop_id
  )
  select (select to_jsonb(i) from new_invoice i) as invoice,
    (select jsonb_agg(o) from new_orders o) as orders,
    (select coalesce(jsonb_agg(l), '[]'::jsonb) from new_lines l) as lines,
    (select count(*) from (select pg_notify(${sql.raw(`'${ORDER_EVENTS_CHANNEL}'`)}, shop_id::text)
      from created_events) as sent) as notified`;

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

/**
 * The order's money went back to the card: its payment status becomes `refunded`, and its
 * invoice's `refunded` once no order of it is still `paid`, else `partially_refunded`. The
 * shop's live board hears of it.
 */
export async function setOrderRefunded(db: DbOrTx, orderId: number): Promise<void> {
  const [order] = await db
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning({ id: orders.id, shopId: orders.shopId, status: orders.status, invoiceId: orders.invoiceId });
  if (!order) return;
  await recordOrderEvent(db, order.shopId, orderUpdated({ ...order, paymentStatus: 'refunded' }));
  await db
    .update(invoices)
    .set({
      paymentStatus: sql`case when exists (select 1 from ${orders} o where o.invoice_id = ${invoices.id} and o.payment_status in ('paid', 'partially_refunded')) then 'partially_refunded'::payment_status else 'refunded'::payment_status end`,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, order.invoiceId));
}
