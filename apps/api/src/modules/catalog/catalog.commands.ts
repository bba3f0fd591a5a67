import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../lib/errors';
import { products, productVariations } from './catalog.tables';
import { refreshProductListings } from './read-model';

/**
 * The catalogue's write commands. Each writes the source tables and then refreshes the read
 * model of the products it touched, in one transaction (a savepoint when given one), so no
 * caller can forget the read model. The merchant site, checkout and order cancellation call
 * these; a write that is not here must call refreshProductListings itself (decision 010).
 */

async function touched(tx: DbOrTx, rows: { productId: number }[]): Promise<number[]> {
  const ids = [...new Set(rows.map((r) => r.productId))];
  await refreshProductListings(tx, { productIds: ids });
  return ids;
}

/** Changes one variation's columns, then its product's listing, in one transaction. */
async function updateVariation(
  db: DbOrTx,
  variationId: number,
  changes: Partial<typeof productVariations.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(productVariations)
      .set(changes)
      .where(eq(productVariations.id, variationId))
      .returning({ productId: productVariations.productId });
    await touched(tx, rows);
  });
}

/** Sets a variation's price (pence) and, when given, its struck-through "was" price. */
export async function setVariationPrice(
  db: DbOrTx,
  variationId: number,
  price: number,
  compareAtPrice?: number | null,
): Promise<void> {
  await updateVariation(db, variationId, compareAtPrice === undefined ? { price } : { price, compareAtPrice });
}

/** Sets a variation's stock (null = unlimited). */
export async function setVariationStock(db: DbOrTx, variationId: number, stock: number | null): Promise<void> {
  await updateVariation(db, variationId, { stock });
}

/** Shows or hides one variation. */
export async function setVariationActive(db: DbOrTx, variationId: number, isActive: boolean): Promise<void> {
  await updateVariation(db, variationId, { isActive });
}

/** Publishes or withdraws a product. */
export async function setProductActive(db: DbOrTx, productId: number, isActive: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(products)
      .set({ isActive })
      .where(eq(products.id, productId))
      .returning({ productId: products.id });
    await touched(tx, rows);
  });
}

export interface SaleLine {
  variationId: number;
  quantity: number;
}

function merged(lines: SaleLine[]): SaleLine[] {
  const byId = new Map<number, number>();
  for (const line of lines) byId.set(line.variationId, (byId.get(line.variationId) ?? 0) + line.quantity);
  return [...byId].map(([variationId, quantity]) => ({ variationId, quantity }));
}

/**
 * An order was placed: take the quantities from stock (unlimited stock stays unlimited) and add
 * them to units sold. Fails with 409 `out_of_stock`, writing nothing, when a variation has too
 * little stock. For place-order's workflow, inside its transaction.
 */
export async function recordSale(db: DbOrTx, lines: SaleLine[]): Promise<void> {
  const sale = merged(lines).filter((l) => l.quantity > 0);
  if (sale.length === 0) return;
  await db.transaction(async (tx) => {
    const rows = [];
    // Ordered by id, so two concurrent orders lock the same rows in the same order.
    for (const line of [...sale].sort((a, b) => a.variationId - b.variationId)) {
      const [row] = await tx
        .update(productVariations)
        .set({
          stock: sql`case when ${productVariations.stock} is null then null else ${productVariations.stock} - ${line.quantity} end`,
          unitsSold: sql`${productVariations.unitsSold} + ${line.quantity}`,
        })
        .where(
          and(
            eq(productVariations.id, line.variationId),
            sql`(${productVariations.stock} is null or ${productVariations.stock} >= ${line.quantity})`,
          ),
        )
        .returning({ productId: productVariations.productId });
      if (!row) throw conflict('Not enough stock', {}, 'out_of_stock');
      rows.push(row);
    }
    await touched(tx, rows);
  });
}

/** An order was cancelled: put the quantities back in stock and take them off units sold. */
export async function reverseSale(db: DbOrTx, lines: SaleLine[]): Promise<void> {
  const sale = merged(lines).filter((l) => l.quantity > 0);
  if (sale.length === 0) return;
  await db.transaction(async (tx) => {
    const rows = [];
    for (const line of [...sale].sort((a, b) => a.variationId - b.variationId)) {
      const [row] = await tx
        .update(productVariations)
        .set({
          stock: sql`case when ${productVariations.stock} is null then null else ${productVariations.stock} + ${line.quantity} end`,
          unitsSold: sql`greatest(${productVariations.unitsSold} - ${line.quantity}, 0)`,
        })
        .where(eq(productVariations.id, line.variationId))
        .returning({ productId: productVariations.productId });
      if (row) rows.push(row);
    }
    await touched(tx, rows);
  });
}
