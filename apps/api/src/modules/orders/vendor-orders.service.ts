import type { OrderStatus, PaymentStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import type { AdminDashboard, VendorDashboard, VendorOrder, VendorOrderPayload } from '@parade/core/vendor-schemas';
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/text-match';
import { shopRefs } from '../shops';
import { userRefs } from '../users';
import { linesOf, toOrderDto } from './orders.service';
import { invoices, orderStatusHistory, orders } from './orders.tables';

/**
 * The merchant's reads of orders: always one shop's orders (the caller's, from the role guard),
 * with the customer's contact. Days are London days, as the shop keeps them.
 */

const LONDON = sql.raw(`'Europe/London'`);
const londonDate = (column: SQLWrapper) => sql`(${column} at time zone ${LONDON})::date`;

export interface VendorOrderQuery {
  page: number;
  perPage: number;
  status?: OrderStatus;
  search?: string;
  dateFrom?: string;
  dateTo?: string;
  sort?: { key: 'created_at' | 'total'; desc: boolean };
  /** The platform's list only: one shop's orders (by id or slug), or one payment status. */
  shop?: number | string;
  paymentStatus?: PaymentStatus;
}

/** Whose orders a read covers: one shop's (the merchant's, from the role guard) or every shop's (the platform admin's). */
export type OrderScope = { shopId: number } | 'every-shop';

const inScope = (scope: OrderScope): SQL[] => (scope === 'every-shop' ? [] : [eq(orders.shopId, scope.shopId)]);

/** The orders matching `where` in the scope, one query for the orders with invoice and customer, one for their lines. */
async function loadShopOrders(
  db: DbOrTx,
  scope: OrderScope,
  where: SQL[],
  page?: { limit: number; offset: number; sort?: VendorOrderQuery['sort'] },
): Promise<VendorOrder[]> {
  const person = userRefs(db);
  const shop = shopRefs(db);
  const sortColumn = page?.sort?.key === 'total' ? orders.total : orders.createdAt;
  const direction = page?.sort && !page.sort.desc ? asc : desc;
  const query = db
    .select({
      order: orders,
      invoice: {
        id: invoices.id,
        number: invoices.number,
        orderType: invoices.orderType,
        method: invoices.paymentMethod,
        address: invoices.address,
        collectionPoint: invoices.collectionPoint,
        note: invoices.note,
      },
      customer: { name: person.name, email: person.email, phone: person.phone },
      shop: { id: shop.id, name: shop.name, slug: shop.slug },
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .innerJoin(person, eq(person.id, orders.userId))
    .innerJoin(shop, eq(shop.id, orders.shopId))
    .where(and(...inScope(scope), ...where))
    .orderBy(direction(sortColumn), direction(orders.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const lines = await linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map(({ order, invoice, customer, shop }) => ({
    ...toOrderDto(order, invoice, shop, lines),
    commission: order.commission,
    vendor_net: order.vendorNet,
    customer,
    address: invoice.address ? { ...invoice.address, line2: invoice.address.line2 ?? null } : null,
    collection_point: invoice.collectionPoint,
    note: invoice.note,
  }));
}

function filters(db: DbOrTx, query: VendorOrderQuery): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(eq(orders.status, query.status));
  if (typeof query.shop === 'number') where.push(eq(orders.shopId, query.shop));
  if (typeof query.shop === 'string') {
    const shop = shopRefs(db);
    where.push(inArray(orders.shopId, db.select({ id: shop.id }).from(shop).where(eq(shop.slug, query.shop))));
  }
  if (query.paymentStatus) where.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.dateFrom) where.push(sql`${londonDate(orders.createdAt)} >= ${query.dateFrom}::date`);
  if (query.dateTo) where.push(sql`${londonDate(orders.createdAt)} <= ${query.dateTo}::date`);
  if (query.search) {
    const like = containsPattern(query.search);
    const person = userRefs(db);
    where.push(
      sql`(${invoices.number} ilike ${like} or exists (select 1 from ${person} where ${person.id} = ${orders.userId} and (${person.name} ilike ${like} or ${person.email} ilike ${like})))`,
    );
  }
  return where;
}

/** GET vendor/orders (one shop's) and GET admin/orders (every shop's): newest first unless sorted. */
export async function listVendorOrders(
  db: DbOrTx,
  scope: OrderScope,
  query: VendorOrderQuery,
): Promise<Paginated<VendorOrder>> {
  const where = filters(db, query);
  const [data, [counted]] = await Promise.all([
    loadShopOrders(db, scope, where, {
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
      sort: query.sort,
    }),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
      .where(and(...inScope(scope), ...where)),
  ]);
  return paginate(data, Number(counted?.total ?? 0), query.page, query.perPage);
}

/** GET vendor/orders/{id} and admin/orders/{id}: one order in the scope with its history, oldest first; null outside it. */
export async function findVendorOrder(
  db: DbOrTx,
  scope: OrderScope,
  orderId: number,
): Promise<VendorOrderPayload | null> {
  const [order] = await loadShopOrders(db, scope, [eq(orders.id, orderId)]);
  if (!order) return null;
  const history = await db
    .select({ status: orderStatusHistory.status, at: orderStatusHistory.createdAt, note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  return {
    order: { ...order, history: history.map((h) => ({ status: h.status, at: h.at.toISOString(), note: h.note })) },
  };
}

/** The dashboard's order figures: today (London) and waiting orders, and 30 days of sales; one query each. */
export async function vendorOrderFigures(db: DbOrTx, shopId: number): Promise<Omit<VendorDashboard, 'low_stock'>> {
  const live = and(eq(orders.shopId, shopId), sql`${orders.status} <> 'cancelled'`);
  const today = sql`(now() at time zone ${LONDON})::date`;
  const [[todayRow], [waitingRow], days] = await Promise.all([
    db
      .select({ orders: sql<number>`count(*)::int`, revenue: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
      .from(orders)
      .where(and(live, sql`${londonDate(orders.createdAt)} = ${today}`)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.shopId, shopId), inArray(orders.status, ['pending', 'processing']))),
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as date,
             count(${orders.id})::int as orders,
             coalesce(sum(${orders.total}), 0)::int as revenue
      from generate_series(${today} - 29, ${today}, interval '1 day') as day
      left join ${orders} on ${londonDate(orders.createdAt)} = day::date
        and ${orders.shopId} = ${shopId} and ${orders.status} <> 'cancelled'
      group by day order by day`),
  ]);
  const rows = (days as unknown as { rows: { date: string; orders: number | string; revenue: number | string }[] })
    .rows;
  return {
    today: { orders: todayRow?.orders ?? 0, revenue: todayRow?.revenue ?? 0 },
    waiting_orders: waitingRow?.n ?? 0,
    sales_30d: rows.map((r) => ({ date: r.date, orders: Number(r.orders), revenue: Number(r.revenue) })),
  };
}

/**
 * GET admin/dashboard: the marketplace's figures over every shop, London days, cancelled orders
 * left out: today, the last 30 days (with the average order), the five shops with the most sales
 * and one entry per day. One query each.
 */
export async function platformOrderFigures(db: DbOrTx): Promise<Omit<AdminDashboard, 'public_url'>> {
  const live = sql`${orders.status} <> 'cancelled'`;
  const today = sql`(now() at time zone ${LONDON})::date`;
  const last30 = sql`${londonDate(orders.createdAt)} > ${today} - 30`;
  const shop = shopRefs(db);
  const [[todayRow], [monthRow], top, days] = await Promise.all([
    db
      .select({ orders: sql<number>`count(*)::int`, sales: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
      .from(orders)
      .where(and(live, sql`${londonDate(orders.createdAt)} = ${today}`)),
    db
      .select({ orders: sql<number>`count(*)::int`, sales: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
      .from(orders)
      .where(and(live, last30)),
    db
      .select({
        id: shop.id,
        name: shop.name,
        slug: shop.slug,
        orders: sql<number>`count(*)::int`,
        sales: sql<number>`sum(${orders.total})::int`,
      })
      .from(orders)
      .innerJoin(shop, eq(shop.id, orders.shopId))
      .where(and(live, last30))
      .groupBy(shop.id, shop.name, shop.slug)
      .orderBy(desc(sql`sum(${orders.total})`), asc(shop.id))
      .limit(5),
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as date,
             count(${orders.id})::int as orders,
             coalesce(sum(${orders.total}), 0)::int as sales
      from generate_series(${today} - 29, ${today}, interval '1 day') as day
      left join ${orders} on ${londonDate(orders.createdAt)} = day::date and ${orders.status} <> 'cancelled'
      group by day order by day`),
  ]);
  const rows = (days as unknown as { rows: { date: string; orders: number | string; sales: number | string }[] }).rows;
  const monthOrders = monthRow?.orders ?? 0;
  const monthSales = monthRow?.sales ?? 0;
  return {
    today: { orders: todayRow?.orders ?? 0, sales: todayRow?.sales ?? 0 },
    last_30_days: {
      orders: monthOrders,
      sales: monthSales,
      average_order_value: monthOrders === 0 ? 0 : Math.round(monthSales / monthOrders),
    },
    top_shops: top.map((r) => ({
      shop: { id: r.id, name: r.name, slug: r.slug },
      orders: Number(r.orders),
      sales: Number(r.sales),
    })),
    sales_30d: rows.map((r) => ({ date: r.date, orders: Number(r.orders), sales: Number(r.sales) })),
  };
}
