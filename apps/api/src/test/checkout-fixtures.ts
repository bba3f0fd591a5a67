import { eq } from 'drizzle-orm';
import { coupons, products, productVariations, rewardPointBalances, shops } from '../maintenance/schema';
import { refreshProductListings } from '../modules/catalog';
import type { TestApp } from './build-test-app';
import { bearer } from './test-support';

/** A collection point of the demo settings. */
export const COLLECTION_POINT = 'Jubilee Parade, Commercial Street, London E1 6AN';

let serial = 0;

/**
 * Checkout test fixtures: shops, variations, coupons and points of their own per test (so
 * stock and limits are never shared), written directly, with the catalogue read model
 * refreshed as the catalogue's own commands would. `app()` is read at call time (beforeAll).
 */
export function checkoutFixtures(app: () => TestApp) {
  const db = () => app().database.db;

  async function makeShop(
    options: {
      email?: string | null;
      pointsPerPound?: number;
      isActive?: boolean;
      holidayMode?: boolean;
      vatNumber?: string | null;
    } = {},
  ) {
    serial += 1;
    const [shop] = await db()
      .insert(shops)
      .values({
        name: `Checkout Shop ${serial}`,
        slug: `checkout-shop-${serial}-${Date.now()}`,
        address: `${serial} Commercial Street`,
        postcode: 'E1 6AN',
        email: options.email === undefined ? `shop${serial}.${Date.now()}@example.test` : options.email,
        pointsPerPound: options.pointsPerPound ?? 1,
        isActive: options.isActive ?? true,
        holidayMode: options.holidayMode ?? false,
        vatNumber: options.vatNumber ?? null,
      })
      .returning();
    return shop!;
  }

  async function makeVariation(
    shopId: number,
    options: {
      price: number;
      stock?: number | null;
      type?: 'Physical' | 'Digital';
      name?: string;
      vatRate?: 0 | 5 | 20;
    },
  ) {
    serial += 1;
    const name = options.name ?? `Test Product ${serial}`;
    const [product] = await db()
      .insert(products)
      .values({ shopId, name, slug: `test-product-${serial}-${Date.now()}`, type: options.type ?? 'Physical' })
      .returning();
    const [variation] = await db()
      .insert(productVariations)
      .values({
        productId: product!.id,
        name: '1kg',
        slug: '1kg',
        fullName: `${name} 1kg`,
        price: options.price,
        ...(options.vatRate !== undefined ? { vatRate: options.vatRate } : {}),
        stock: options.stock === undefined ? 100 : options.stock,
        images: [`/uploads/test-${serial}.jpg`],
        // A digital variation is for sale only with its file (read-model.ts); this one names a
        // file no test downloads.
        ...(options.type === 'Digital'
          ? {
              digitalFile: `digital/test-${serial}.pdf`,
              digitalFileName: `test-${serial}.pdf`,
              digitalFileSize: 1,
              digitalFileType: 'application/pdf',
            }
          : {}),
      })
      .returning();
    await db().transaction((tx) => refreshProductListings(tx, { productIds: [product!.id] }));
    return { ...variation!, productType: product!.type, shopId };
  }

  async function makeCoupon(shopId: number, values: Partial<typeof coupons.$inferInsert> = {}) {
    serial += 1;
    const [coupon] = await db()
      .insert(coupons)
      .values({ shopId, code: `SAVE${serial}`, type: 'percent', value: 10, ...values })
      .returning();
    return coupon!;
  }

  async function givePoints(userId: number, shopId: number, points: number) {
    await db().insert(rewardPointBalances).values({ userId, shopId, points });
  }

  const place = (token: string, payload: object, headers: Record<string, string> = {}) =>
    app().app.inject({
      method: 'POST',
      url: '/api/user/order/place',
      payload,
      headers: { ...bearer(token), ...headers },
    });

  async function stockOf(variationId: number) {
    const [row] = await db()
      .select({ stock: productVariations.stock, unitsSold: productVariations.unitsSold })
      .from(productVariations)
      .where(eq(productVariations.id, variationId));
    return row!;
  }

  return { makeShop, makeVariation, makeCoupon, givePoints, place, stockOf };
}

/** A cash collection checkout of these lines (any values a client might send: the server checks them). */
export const collection = (items: { variation_id: unknown; quantity: unknown }[], extra: object = {}) => ({
  order_type: 'collection',
  collection_point: COLLECTION_POINT,
  items,
  payment_method: 'cash',
  ...extra,
});
