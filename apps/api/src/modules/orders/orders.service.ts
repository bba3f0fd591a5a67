import type { OrderStatus, PaymentStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import { vatBreakdown } from '@parade/core/money-rules';
import type { InvoicePayload, OrderDetailPayload, PlaceOrderPayload } from '@parade/core/order-schemas';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { shopRefs } from '../shops';
import { invoices, orderItems, orderStatusHistory, orders } from './orders.tables';

export interface OrderItemDto {
  id: number;
  variation_id: number | null;
  product_id: number;
  full_name: string;
  type: 'Physical' | 'Digital';
  price: number;
  quantity: number;
  discount: number;
  total: number;
  thumbnail: string | null;
  vat_rate: number | null;
  vat: number | null;
}

export interface OrderDto {
  id: number;
  invoice: { id: number; number: string };
  shop: { id: number; name: string; slug: string };
  order_type: 'collection' | 'delivery';
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: 'cash' | 'card';
  subtotal: number;
  discount: number;
  reward_discount: number;
  shipping_charge: number;
  total: number;
  coupon_code: string | null;
  platform_discount: number;
  vat_number: string | null;
  vat_rates: { rate: number; vat: number }[];
  created_at: string;
  items: OrderItemDto[];
}

export const ORDERS_PER_PAGE = 10;

/** The customer's orders, newest first, each with its lines, shop and invoice (two queries per page). */
export async function listUserOrders(db: DbOrTx, userId: number, page: number): Promise<Paginated<OrderDto>> {
  const mine = eq(orders.userId, userId);
  const [totalRow] = await db.select({ n: count() }).from(orders).where(mine);
  const data = await loadOrders(db, mine, { limit: ORDERS_PER_PAGE, offset: (page - 1) * ORDERS_PER_PAGE });
  return paginate(data, totalRow?.n ?? 0, page, ORDERS_PER_PAGE);
}

/**
 * Orders matching `where`, newest first, in the contract's Order shape: one query for the orders
 * with their invoice and shop, one for all their lines (never one query per order).
 */
async function loadOrders(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
  orderBy: 'newest' | 'oldest' = 'newest',
): Promise<OrderDto[]> {
  const shop = shopRefs(db);
  const query = db
    .select({
      order: orders,
      invoice: {
        id: invoices.id,
        number: invoices.number,
        orderType: invoices.orderType,
        method: invoices.paymentMethod,
      },
      shop: { id: shop.id, name: shop.name, slug: shop.slug },
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .innerJoin(shop, eq(shop.id, orders.shopId))
    .where(where)
    .orderBy(...(orderBy === 'newest' ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.id)]));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;

  const lines = await linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map(({ order, invoice, shop }) => toOrderDto(order, invoice, shop, lines));
}

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** The lines of these orders, in one query (never one per order). */
export async function linesOf(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

/** An order row, its invoice's columns, its shop and the lines of a page of orders, in the contract's Order shape. */
export function toOrderDto(
  order: OrderRow,
  invoice: { id: number; number: string; orderType: OrderDto['order_type']; method: OrderDto['payment_method'] },
  shop: OrderDto['shop'],
  lines: OrderItemRow[],
): OrderDto {
  return {
    id: order.id,
    invoice: { id: invoice.id, number: invoice.number },
    shop,
    order_type: invoice.orderType,
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: invoice.method,
    subtotal: order.subtotal,
    discount: order.discount,
    reward_discount: order.rewardDiscount,
    shipping_charge: order.shippingCharge,
    total: order.total,
    coupon_code: order.couponCode,
    platform_discount: order.platformDiscount,
    vat_number: order.vatNumber,
    vat_rates:
      order.vatNumber === null
        ? []
        : vatBreakdown(
            lines
              .filter((line) => line.orderId === order.id)
              .map((line) => ({ vat_rate: line.vatRate, vat: line.vat })),
          ),
    created_at: order.createdAt.toISOString(),
    items: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        id: line.id,
        variation_id: line.variationId,
        product_id: line.productId,
        full_name: line.fullName,
        type: line.type,
        price: line.price,
        quantity: line.quantity,
        discount: line.discount,
        total: line.total,
        thumbnail: line.thumbnail,
        vat_rate: line.vatRate,
        vat: line.vat,
      })),
  };
}

/** One of the customer's orders with its status history, oldest first; another customer's is 404. */
export async function getUserOrder(db: DbOrTx, userId: number, orderId: number): Promise<OrderDetailPayload> {
  const [order] = await loadOrders(db, and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('Order not found.', 'order_not_found');
  const history = await db
    .select({ status: orderStatusHistory.status, at: orderStatusHistory.createdAt, note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  return {
    order: { ...order, history: history.map((h) => ({ status: h.status, at: h.at.toISOString(), note: h.note })) },
  };
}

type InvoiceRow = typeof invoices.$inferSelect;

/** The invoice's figures and its orders (in the order they were placed), or null when it is not the customer's. */
async function loadInvoice(db: DbOrTx, where: SQL): Promise<InvoicePayload | null> {
  const [invoice] = await db.select().from(invoices).where(where);
  if (!invoice) return null;
  return {
    invoice: toInvoiceDto(invoice),
    orders: await loadOrders(db, eq(orders.invoiceId, invoice.id), undefined, 'oldest'),
  };
}

function toInvoiceDto(invoice: InvoiceRow): InvoicePayload['invoice'] {
  return {
    id: invoice.id,
    number: invoice.number,
    created_at: invoice.createdAt.toISOString(),
    order_type: invoice.orderType,
    collection_point: invoice.collectionPoint,
    address: invoice.address,
    payment_method: invoice.paymentMethod,
    payment_status: invoice.paymentStatus,
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    reward_discount: invoice.rewardDiscount,
    shipping_charge: invoice.shippingCharge,
    total: invoice.total,
    payment_due_at: invoice.paymentDueAt?.toISOString() ?? null,
    note: invoice.note,
  };
}

/** GET /user/invoice/{number}: the customer's invoice; another customer's is 404. */
export async function getUserInvoice(db: DbOrTx, userId: number, number: string): Promise<InvoicePayload> {
  const found = await loadInvoice(db, and(eq(invoices.number, number), eq(invoices.userId, userId))!);
  if (!found) throw notFound('Invoice not found.', 'invoice_not_found');
  return found;
}

/**
 * The place-order reply for an invoice, read back from the database, so the first reply and
 * every idempotent replay of it are built the same way from the same rows.
 */
export async function placeOrderReply(db: DbOrTx, invoiceId: number): Promise<PlaceOrderPayload> {
  const found = await loadInvoice(db, eq(invoices.id, invoiceId));
  if (!found) throw new Error(`invoice ${invoiceId} vanished`);
  return toPlaceOrderPayload(found);
}

/**
 * The place-order reply of a checkout just written, from the rows it wrote (no reading back):
 * the same mapping, ordering and shapes as placeOrderReply, so a later replay answers the same
 * bytes (a test replays and compares). `shops` are the checkout's shops, by id.
 */
export function checkoutReply(
  invoice: InvoiceRow,
  created: { orders: OrderRow[]; lines: OrderItemRow[] },
  shops: Map<number, OrderDto['shop']>,
): PlaceOrderPayload {
  const invoiceRef = {
    id: invoice.id,
    number: invoice.number,
    orderType: invoice.orderType,
    method: invoice.paymentMethod,
  };
  const lines = [...created.lines].sort((a, b) => a.id - b.id);
  const orderDtos = [...created.orders]
    .sort((a, b) => a.id - b.id)
    .map((order) => {
      const shop = shops.get(order.shopId);
      if (!shop) throw new Error(`checkoutReply: shop ${order.shopId} not given`);
      return toOrderDto(order, invoiceRef, shop, lines);
    });
  return toPlaceOrderPayload({ invoice: toInvoiceDto(invoice), orders: orderDtos });
}

function toPlaceOrderPayload({ invoice, orders }: InvoicePayload): PlaceOrderPayload {
  return {
    invoice: invoice.number,
    orders,
    total: invoice.total,
    payment: { method: invoice.payment_method, status: invoice.payment_status, due_at: invoice.payment_due_at },
  };
}
