import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favouriteProducts, favouriteShops } from './reviews.tables';

/**
 * A customer's favourite products and shops. Keeping and letting go are idempotent: keeping
 * twice keeps once (the primary key), letting go of what is not kept changes nothing.
 */

export type FavouriteTarget = { productId: number } | { shopId: number };

export async function keepFavourite(db: DbOrTx, userId: number, target: FavouriteTarget): Promise<void> {
  if ('productId' in target) {
    await db.insert(favouriteProducts).values({ userId, productId: target.productId }).onConflictDoNothing();
  } else {
    await db.insert(favouriteShops).values({ userId, shopId: target.shopId }).onConflictDoNothing();
  }
}

export async function dropFavourite(db: DbOrTx, userId: number, target: FavouriteTarget): Promise<void> {
  if ('productId' in target) {
    await db
      .delete(favouriteProducts)
      .where(and(eq(favouriteProducts.userId, userId), eq(favouriteProducts.productId, target.productId)));
  } else {
    await db
      .delete(favouriteShops)
      .where(and(eq(favouriteShops.userId, userId), eq(favouriteShops.shopId, target.shopId)));
  }
}

/** Every kept product and shop id, newest kept first. */
export async function favouriteIds(db: DbOrTx, userId: number): Promise<{ productIds: number[]; shopIds: number[] }> {
  const [products, shops] = await Promise.all([
    db
      .select({ id: favouriteProducts.productId })
      .from(favouriteProducts)
      .where(eq(favouriteProducts.userId, userId))
      .orderBy(desc(favouriteProducts.createdAt), desc(favouriteProducts.productId)),
    db
      .select({ id: favouriteShops.shopId })
      .from(favouriteShops)
      .where(eq(favouriteShops.userId, userId))
      .orderBy(desc(favouriteShops.createdAt), desc(favouriteShops.shopId)),
  ]);
  return { productIds: products.map((row) => row.id), shopIds: shops.map((row) => row.id) };
}
