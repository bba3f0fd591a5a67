import type { OrderStatus, PaymentStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopRefs } from '../shops';
import { invoices, orderItems, orders } from './orders.tables';

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
  total: number;
  coupon_code: string | null;
  created_at: string;
  items: OrderItemDto[];
}

export const ORDERS_PER_PAGE = 10;

/** The customer's orders, newest first, each with its lines, shop and invoice (two queries per page). */
export async function listUserOrders(db: DbOrTx, userId: number, page: number): Promise<Paginated<OrderDto>> {
  const mine = eq(orders.userId, userId);
  const [totalRow] = await db.select({ n: count() }).from(orders).where(mine);
  const shop = shopRefs(db);
  const rows = await db
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
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PER_PAGE)
    .offset((page - 1) * ORDERS_PER_PAGE);

  const ids = rows.map((r) => r.order.id);
  const lines = ids.length
    ? await db
        .select()
        .from(orderItems)
        .where(and(inArray(orderItems.orderId, ids)))
    : [];
  const data = rows.map(({ order, invoice, shop }) => ({
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
    total: order.total,
    coupon_code: order.couponCode,
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
      })),
  }));
  return paginate(data, totalRow?.n ?? 0, page, ORDERS_PER_PAGE);
}
