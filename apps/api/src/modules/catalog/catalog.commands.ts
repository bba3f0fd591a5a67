import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { conflict } from '../../lib/errors';
import { products, productVariations } from './catalog.tables';
import { refreshProductListings, takeStockForSale } from './read-model';

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
  /** The request field a refusal names for this line (e.g. `items.2`); `variations.<id>` when not given. */
  field?: string;
}

function merged(lines: SaleLine[]): { variationId: number; quantity: number; fields: string[] }[] {
  const byId = new Map<number, { quantity: number; fields: string[] }>();
  for (const line of lines) {
    const entry = byId.get(line.variationId) ?? { quantity: 0, fields: [] };
    entry.quantity += line.quantity;
    entry.fields.push(line.field ?? `variations.${line.variationId}`);
    byId.set(line.variationId, entry);
  }
  return [...byId].map(([variationId, entry]) => ({ variationId, ...entry }));
}

/** What a shopper reads for a line that is short: what is left, by the variation's full name. */
export function stockShortMessage(fullName: string, left: number): string {
  return left > 0 ? `${fullName}: only ${left} left` : `${fullName} is sold out`;
}

/**
 * An order was placed: take the quantities from stock (unlimited stock stays unlimited) and add
 * them to units sold. Each update is guarded (`stock >= quantity`), so stock can never go below
 * zero however many checkouts race. When any line is short it fails with 409 `out_of_stock`,
 * writing nothing, naming EVERY short line (its `field`) with what is left. For place-order's
 * workflow, inside its transaction (no savepoint of its own: a refusal rolls the whole checkout back).
 */
export async function recordSale(tx: Tx, lines: SaleLine[]): Promise<void> {
  const sale = merged(lines).filter((l) => l.quantity > 0);
  if (sale.length === 0) return;
  // Every line in one statement, with the listing columns a sale changes (read-model.ts).
  const taken = new Set(await takeStockForSale(tx, sale));
  // The refusal names every short line, not just the first.
  const short = sale.filter((line) => !taken.has(line.variationId));
  if (short.length > 0) {
    // Read after the guarded updates failed, so the numbers are what other orders left.
    const left = await tx
      .select({ id: productVariations.id, fullName: productVariations.fullName, stock: productVariations.stock })
      .from(productVariations)
      .where(
        inArray(
          productVariations.id,
          short.map((l) => l.variationId),
        ),
      );
    const byId = new Map(left.map((v) => [v.id, v]));
    const errors: Record<string, string[]> = {};
    for (const line of short) {
      const variation = byId.get(line.variationId);
      const message = variation
        ? stockShortMessage(variation.fullName, variation.stock ?? 0)
        : 'This item is no longer available';
      for (const field of line.fields) errors[field] = [message];
    }
    // Thrown inside the caller's transaction: every update above is rolled back with it.
    throw conflict('Some items in your cart are out of stock.', errors, 'out_of_stock');
  }
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
