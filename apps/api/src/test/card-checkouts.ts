import type { PaymentMethod, PaymentStatus } from '@parade/core/enums';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { invoices, orders, products, productVariations, shops } from '../maintenance/schema';
import { COLLECTION_POINT } from './checkout-fixtures';
import { bearer } from './test-support';

export interface TestCheckout {
  invoiceId: number;
  number: string;
  total: number;
  orderIds: number[];
  /** The variation bought from the first shop. */
  variationId: number;
  quantity: number;
}

/** A variation with stock to sell from each of the first two demo shops. */
export async function variationsToSell(db: Db): Promise<number[]> {
  const shopRows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.isActive, true))
    .orderBy(shops.id)
    .limit(2);
  const ids: number[] = [];
  for (const shop of shopRows) {
    const [variation] = await db
      .select({ id: productVariations.id })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(
        and(
          eq(products.shopId, shop.id),
          eq(products.type, 'Physical'),
          eq(products.isActive, true),
          eq(productVariations.isActive, true),
          gte(productVariations.stock, 20),
        ),
      )
      .orderBy(productVariations.id)
      .limit(1);
    if (!variation) throw new Error(`shop ${shop.id} has no variation to sell`);
    ids.push(variation.id);
  }
  return ids;
}

/**
 * A checkout placed through the real `POST /api/user/order/place` (collection, one line from
 * each of two shops), then moved where a test needs it: its payment status set and its card
 * payment due `dueInMinutes` from now (negative = overdue) by writing the rows directly.
 */
export async function placeCheckout(
  app: FastifyInstance,
  db: Db,
  customer: { token: string },
  options: {
    paymentMethod?: PaymentMethod;
    paymentStatus?: PaymentStatus;
    dueInMinutes?: number;
    quantity?: number;
  } = {},
): Promise<TestCheckout> {
  const quantity = options.quantity ?? 1;
  const variationIds = await variationsToSell(db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/order/place',
    headers: bearer(customer.token),
    payload: {
      order_type: 'collection',
      collection_point: COLLECTION_POINT,
      items: variationIds.map((id) => ({ variation_id: id, quantity })),
      payment_method: options.paymentMethod ?? 'card',
    },
  });
  if (res.statusCode !== 201) throw new Error(`place-order failed: ${res.statusCode} ${res.body}`);
  const placed = res.json().data as { invoice: string; total: number; orders: { id: number }[] };
  const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, placed.invoice));
  if (!invoice) throw new Error(`no invoice ${placed.invoice}`);

  if (options.paymentStatus && options.paymentStatus !== 'unpaid') {
    await db.update(invoices).set({ paymentStatus: options.paymentStatus }).where(eq(invoices.id, invoice.id));
    await db.update(orders).set({ paymentStatus: options.paymentStatus }).where(eq(orders.invoiceId, invoice.id));
  }
  if (options.dueInMinutes !== undefined) {
    await db
      .update(invoices)
      .set({ paymentDueAt: sql`now() + make_interval(mins => ${options.dueInMinutes})` })
      .where(eq(invoices.id, invoice.id));
  }
  return {
    invoiceId: invoice.id,
    number: placed.invoice,
    total: placed.total,
    orderIds: placed.orders.map((o) => o.id).sort((a, b) => a - b),
    variationId: variationIds[0] ?? 0,
    quantity,
  };
}

/** The invoice's payment status and its orders' statuses, for assertions. */
export async function checkoutState(db: Db, invoiceId: number) {
  const [invoice] = await db
    .select({ paymentStatus: invoices.paymentStatus, paymentDueAt: invoices.paymentDueAt })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const rows = await db
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.invoiceId, invoiceId))
    .orderBy(orders.id);
  return { invoice, orders: rows };
}

export async function variationStock(db: Db, variationId: number): Promise<number | null> {
  const [row] = await db
    .select({ stock: productVariations.stock })
    .from(productVariations)
    .where(eq(productVariations.id, variationId));
  return row?.stock ?? null;
}
