import {
  commissionFor,
  DEFAULT_COMMISSION_RATE,
  DEFAULT_PAYOUT_HOLD_DAYS,
  vatIncluded,
} from '@parade/core/money-rules';
import { pointsEarnedOnDelivery } from '@parade/core/order-status';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rewardPointBalances, rewardPointEntries } from '../../modules/cart/cart.tables';
import { recordSale } from '../../modules/catalog';
import { products, productVariations } from '../../modules/catalog/catalog.tables';
import { recordOrderSale } from '../../modules/money';
import { createCheckout, setInvoicePaymentStatus } from '../../modules/orders';
import { orderStatusHistory, orders } from '../../modules/orders/orders.tables';
import { shops } from '../../modules/shops/shops.tables';
import { hoursBefore } from './demo-tickets';

/**
 * The demo customer's one order: an e-book from the bookshop, paid by card and delivered, so the
 * demo's /profile/digital-products has a file to download, /profile/orders an order and
 * /profile/reward-points an entry earned on delivery. Written as a real checkout would leave it:
 * an invoice numbered from the invoice sequence, the order with its line and history, the sale
 * taken through the catalogue (units sold and the read model), and the delivery's points.
 */
export const demoDigitalPurchase = {
  shopSlug: 'brick-and-binding-books',
  productName: '30 Weeknight Curries',
  /** When it was placed, before the seed's time; paid a few minutes later, delivered (sent) within the hour. */
  placedHoursAgo: 72,
} as const;

export async function seedDemoDigitalOrder(
  tx: Tx,
  input: {
    customerId: number;
    shopId: number;
    address: { name: string; phone: string; line1: string; line2: string | null; city: string; postcode: string };
    now: Date;
  },
): Promise<void> {
  const [variation] = await tx
    .select({
      id: productVariations.id,
      productId: products.id,
      fullName: productVariations.fullName,
      price: productVariations.price,
      vatRate: productVariations.vatRate,
      images: productVariations.images,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(
      and(
        eq(products.shopId, input.shopId),
        eq(products.name, demoDigitalPurchase.productName),
        isNotNull(productVariations.digitalFile),
      ),
    )
    .orderBy(productVariations.id)
    .limit(1);
  if (!variation) throw new Error(`Demo seed: no digital '${demoDigitalPurchase.productName}' to order`);

  const placedAt = hoursBefore(input.now, demoDigitalPurchase.placedHoursAgo);
  const minutesLater = (minutes: number) => new Date(placedAt.getTime() + minutes * 60_000);
  // All digital: a delivery with nothing to carry has no delivery charge (contract, "Placing an order").
  const { invoice, ids } = await createCheckout(
    tx,
    {
      userId: input.customerId,
      orderType: 'delivery',
      collectionPoint: null,
      address: input.address,
      subtotal: variation.price,
      discount: 0,
      rewardDiscount: 0,
      shippingCharge: 0,
      total: variation.price,
      paymentMethod: 'card',
      paymentDueAt: null,
      idempotencyKey: null,
      requestHash: null,
      note: null,
      now: placedAt,
    },
    [
      {
        shopId: input.shopId,
        subtotal: variation.price,
        discount: 0,
        rewardDiscount: 0,
        rewardPointsUsed: 0,
        shippingCharge: 0,
        total: variation.price,
        couponCode: null,
        platformDiscount: 0,
        // The platform's default rate: the demo bookshop has none of its own.
        commission: commissionFor({ subtotal: variation.price, discount: 0 }, DEFAULT_COMMISSION_RATE),
        vendorNet: variation.price - commissionFor({ subtotal: variation.price, discount: 0 }, DEFAULT_COMMISSION_RATE),
        vatNumber: null,
        lines: [
          {
            variationId: variation.id,
            productId: variation.productId,
            fullName: variation.fullName,
            type: 'Digital',
            price: variation.price,
            quantity: 1,
            discount: 0,
            total: variation.price,
            thumbnail: variation.images[0] ?? null,
            vatRate: variation.vatRate,
            vat: vatIncluded(variation.price, variation.vatRate),
          },
        ],
      },
    ],
  );
  const orderId = ids[0];
  if (orderId === undefined) throw new Error('Demo seed: the demo order was not created');
  await recordSale(tx, [{ variationId: variation.id, quantity: 1 }]);
  await setInvoicePaymentStatus(tx, invoice.id, 'paid');

  // The shop sent the file's link and closed the order within the hour.
  const deliveredAt = minutesLater(40);
  await tx.update(orders).set({ status: 'delivered', updatedAt: deliveredAt }).where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values([
    { orderId, status: 'processing', note: null, createdAt: minutesLater(5) },
    {
      orderId,
      status: 'shipping',
      note: 'Your e-book is ready to download from your account.',
      createdAt: minutesLater(6),
    },
    { orderId, status: 'delivered', note: null, createdAt: deliveredAt },
  ]);
  // The paid, delivered card sale is in the bookshop's ledger, still in its payout hold.
  await recordOrderSale(
    tx,
    {
      orderId,
      shopId: input.shopId,
      status: 'delivered',
      paymentStatus: 'paid',
      paymentMethod: 'card',
      total: variation.price,
      commission: commissionFor({ subtotal: variation.price, discount: 0 }, DEFAULT_COMMISSION_RATE),
      platformDiscount: 0,
    },
    { holdDays: DEFAULT_PAYOUT_HOLD_DAYS, now: deliveredAt },
  );

  const [shop] = await tx
    .select({ pointsPerPound: shops.pointsPerPound })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  const points = pointsEarnedOnDelivery({ total: variation.price, shipping_charge: 0 }, shop?.pointsPerPound ?? 1);
  if (points > 0) {
    await tx.insert(rewardPointEntries).values({
      userId: input.customerId,
      shopId: input.shopId,
      points,
      reason: 'order_delivered',
      orderId,
      createdAt: deliveredAt,
    });
    await tx
      .insert(rewardPointBalances)
      .values({ userId: input.customerId, shopId: input.shopId, points })
      .onConflictDoUpdate({
        target: [rewardPointBalances.userId, rewardPointBalances.shopId],
        set: { points: sql`${rewardPointBalances.points} + ${points}` },
      });
  }
}
