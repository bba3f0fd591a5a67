import {
  commissionFor,
  DEFAULT_COMMISSION_RATE,
  DEFAULT_PAYOUT_HOLD_DAYS,
  vatIncluded,
} from '@parade/core/money-rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { setProductRating } from '../../modules/catalog';
import { products, productVariations } from '../../modules/catalog/catalog.tables';
import { recordOrderSale } from '../../modules/money';
import { createCheckout, setInvoicePaymentStatus } from '../../modules/orders';
import { orderItems, orderStatusHistory, orders } from '../../modules/orders/orders.tables';
import { productRatingOf, shopRatingOf } from '../../modules/reviews';
import { favouriteProducts, favouriteShops, reviews } from '../../modules/reviews/reviews.tables';
import { setShopRating } from '../../modules/shops';
import { users } from '../../modules/users/users.tables';
import { hoursBefore } from './demo-tickets';

/**
 * The demo's reviews (issue 27): neighbours who bought a third of the demo products (every third
 * physical product by id), each in a delivered cash order collected at the shop, reviewed with
 * stars and a few words, some answered by the shop; and the demo customer's favourites. The
 * ratings are computed as every review write computes them (decision 044).
 */

/** Neighbours who write the demo's reviews. They have no password: nobody signs in as them. */
export const demoReviewers = [
  { name: 'Aisha Begum', email: 'aisha.reviews@parade.test' },
  { name: 'Tom Walsh', email: 'tom.reviews@parade.test' },
  { name: 'Grace Okafor', email: 'grace.reviews@parade.test' },
  { name: 'Daniel Cohen', email: 'daniel.reviews@parade.test' },
  { name: 'Mei Lin', email: 'mei.reviews@parade.test' },
];

const wordsFor: Record<number, string[]> = {
  5: [
    'Lovely quality, exactly as described. Will buy again.',
    'Fresh and well packed. Collected in two minutes on the way home.',
    'Brilliant. The shop even remembered my name.',
  ],
  4: ['Very good, a touch pricier than the supermarket but worth it.', 'Good value and friendly service.'],
  3: ['Fine, nothing special. Would try a different size next time.', 'Decent, but it sold out the week after.'],
  2: ['Smaller than I expected from the picture.'],
  1: ['Not for me, sadly: it arrived a day late.'],
};

const replies = [
  'Thank you so much for the kind words. See you on the parade!',
  'Thanks for letting us know. Pop in and we will put it right.',
];

/** The stars of reviewer r for the k-th reviewed product: mostly good, a few poor, always the same. */
const starsOf = (r: number, k: number) => [5, 4, 5, 3, 4, 5, 2, 4, 5, 1, 4, 3][(r * 7 + k * 3) % 12]!;

export async function seedDemoReviews(tx: Tx, input: { customerId: number; now: Date }): Promise<{ reviewed: number }> {
  const reviewerIds = (
    await tx
      .insert(users)
      .values(demoReviewers.map((reviewer) => ({ ...reviewer, role: 'customer' as const })))
      .returning({ id: users.id })
  ).map((row) => row.id);

  // Every third listable physical product, with its cheapest variation.
  const candidates = await tx
    .select({
      productId: products.id,
      shopId: products.shopId,
      variationId: productVariations.id,
      fullName: productVariations.fullName,
      price: productVariations.price,
      vatRate: productVariations.vatRate,
      images: productVariations.images,
    })
    .from(products)
    .innerJoin(productVariations, eq(productVariations.id, products.cardVariationId))
    .where(and(eq(products.listable, true), eq(products.type, 'Physical'), isNull(productVariations.digitalFile)))
    .orderBy(asc(products.id));
  const chosen = candidates.filter((_, i) => i % 3 === 0);

  // Which reviewers bought which product: one to all five of them, the same every seed.
  const buyers = chosen.map((product, k) => ({
    product,
    k,
    reviewers: reviewerIds.filter((_, r) => (r + k) % 5 < 1 + (k % 5)),
  }));

  let reviewed = 0;
  for (const [r, reviewerId] of reviewerIds.entries()) {
    const bought = buyers.filter((b) => b.reviewers.includes(reviewerId));
    const byShop = new Map<number, typeof bought>();
    for (const b of bought) byShop.set(b.product.shopId, [...(byShop.get(b.product.shopId) ?? []), b]);
    for (const [shopId, lines] of byShop) {
      const placedAt = hoursBefore(input.now, 24 * (6 + ((r + shopId) % 20)));
      const subtotal = lines.reduce((sum, line) => sum + line.product.price, 0);
      const commission = commissionFor({ subtotal, discount: 0 }, DEFAULT_COMMISSION_RATE);
      const { invoice, ids } = await createCheckout(
        tx,
        {
          userId: reviewerId,
          orderType: 'collection',
          collectionPoint: 'At the shop',
          address: null,
          subtotal,
          discount: 0,
          rewardDiscount: 0,
          shippingCharge: 0,
          total: subtotal,
          paymentMethod: 'cash',
          paymentDueAt: null,
          idempotencyKey: null,
          requestHash: null,
          note: null,
          now: placedAt,
        },
        [
          {
            shopId,
            subtotal,
            discount: 0,
            rewardDiscount: 0,
            rewardPointsUsed: 0,
            shippingCharge: 0,
            total: subtotal,
            couponCode: null,
            platformDiscount: 0,
            commission,
            vendorNet: subtotal - commission,
            vatNumber: null,
            lines: lines.map(({ product }) => ({
              variationId: product.variationId,
              productId: product.productId,
              fullName: product.fullName,
              type: 'Physical' as const,
              price: product.price,
              quantity: 1,
              discount: 0,
              total: product.price,
              thumbnail: product.images[0] ?? null,
              vatRate: product.vatRate,
              vat: vatIncluded(product.price, product.vatRate),
            })),
          },
        ],
      );
      const orderId = ids[0];
      if (orderId === undefined) throw new Error('Demo seed: a review order was not created');
      const deliveredAt = new Date(placedAt.getTime() + 3 * 3_600_000);
      await setInvoicePaymentStatus(tx, invoice.id, 'paid');
      await tx
        .update(orders)
        .set({ status: 'delivered', paymentStatus: 'paid', updatedAt: deliveredAt })
        .where(eq(orders.id, orderId));
      await tx.insert(orderStatusHistory).values([
        { orderId, status: 'ready', note: null, createdAt: new Date(placedAt.getTime() + 3_600_000) },
        { orderId, status: 'delivered', note: null, createdAt: deliveredAt },
      ]);
      await recordOrderSale(
        tx,
        {
          orderId,
          shopId,
          status: 'delivered',
          paymentStatus: 'paid',
          paymentMethod: 'cash',
          total: subtotal,
          commission,
          platformDiscount: 0,
        },
        { holdDays: DEFAULT_PAYOUT_HOLD_DAYS, now: deliveredAt },
      );

      const items = await tx
        .select({ id: orderItems.id, productId: orderItems.productId })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId));
      for (const { product, k } of lines) {
        const item = items.find((line) => line.productId === product.productId);
        if (!item) continue;
        const stars = starsOf(r, k);
        const bank = wordsFor[stars]!;
        const writtenAt = new Date(deliveredAt.getTime() + (1 + ((r + k) % 30)) * 3_600_000);
        const replied = (r + k) % 4 === 0;
        await tx.insert(reviews).values({
          orderItemId: item.id,
          orderId,
          userId: reviewerId,
          productId: product.productId,
          shopId,
          variationName: product.fullName,
          rating: stars,
          body: bank[(r + k) % bank.length]!,
          createdAt: writtenAt,
          updatedAt: writtenAt,
          replyBody: replied ? replies[stars >= 4 ? 0 : 1]! : null,
          replyAt: replied ? new Date(writtenAt.getTime() + 5 * 3_600_000) : null,
        });
        reviewed += 1;
      }
    }
  }

  // The ratings, as every review write computes them.
  for (const product of chosen) {
    await setProductRating(tx, product.productId, await productRatingOf(tx, product.productId));
  }
  for (const shopId of new Set(chosen.map((product) => product.shopId))) {
    await setShopRating(tx, shopId, await shopRatingOf(tx, shopId));
  }

  // The demo customer keeps a few favourites: three reviewed products and two of their shops.
  const kept = chosen.slice(0, 3);
  if (kept.length > 0) {
    await tx.insert(favouriteProducts).values(kept.map((p) => ({ userId: input.customerId, productId: p.productId })));
    await tx
      .insert(favouriteShops)
      .values(
        [...new Set(kept.map((p) => p.shopId))].slice(0, 2).map((shopId) => ({ userId: input.customerId, shopId })),
      )
      .onConflictDoNothing();
  }
  return { reviewed };
}
