import path from 'node:path';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digitalFileKey } from '../../lib/digital-files';
import { products, productVariations } from './catalog.tables';

type VariationRow = typeof productVariations.$inferSelect;

/** The merchant's view of a variation's file: the name it was uploaded as and its size, or null. */
export function digitalFileSummary(row: VariationRow): { name: string; size: number | null } | null {
  if (row.digitalFile === null) return null;
  return { name: row.digitalFileName ?? path.posix.basename(row.digitalFile), size: row.digitalFileSize };
}

export interface VariationDigitalFile {
  /** The file's key in the object store (`digital/<name>`). */
  key: string;
  /** The name to offer the download under. */
  name: string;
  /** Bytes; null for a file attached before sizes were kept. */
  size: number | null;
  /** The type to serve it as (its content was checked when it was stored). */
  contentType: string;
}

/**
 * The file a variation's buyers download (issue 12 serves it through signed links): where it is
 * stored, its name, size and type. Null when the variation has none, or none that resolves
 * inside digital/ of the store. Who may download it is the caller's question (a paid order's line).
 */
export async function variationDigitalFile(db: DbOrTx, variationId: number): Promise<VariationDigitalFile | null> {
  const [row] = await db
    .select({
      stored: productVariations.digitalFile,
      name: productVariations.digitalFileName,
      size: productVariations.digitalFileSize,
      contentType: productVariations.digitalFileType,
    })
    .from(productVariations)
    .where(eq(productVariations.id, variationId))
    .limit(1);
  if (!row?.stored) return null;
  const key = digitalFileKey(row.stored);
  if (!key) return null;
  return {
    key,
    name: row.name ?? path.posix.basename(row.stored),
    size: row.size,
    contentType: row.contentType ?? 'application/octet-stream',
  };
}

/** A variation's file with the names its buyers see it under, for their list of downloads. */
export interface DigitalDownload {
  file: VariationDigitalFile;
  product: { name: string; slug: string };
  variation: { name: string; slug: string };
}

/**
 * The files of these variations, by variation id, with the product's and variation's current
 * names, in one query: the variations with no file (or none that resolves inside
 * digital/ of the store) are left out. A withdrawn product or variation keeps its file for those who
 * bought it, so being listed in the shop does not matter here.
 */
export async function digitalDownloadsOf(db: DbOrTx, variationIds: number[]): Promise<Map<number, DigitalDownload>> {
  const found = new Map<number, DigitalDownload>();
  if (variationIds.length === 0) return found;
  const rows = await db
    .select({
      id: productVariations.id,
      stored: productVariations.digitalFile,
      name: productVariations.digitalFileName,
      size: productVariations.digitalFileSize,
      contentType: productVariations.digitalFileType,
      variationName: productVariations.name,
      variationSlug: productVariations.slug,
      productName: products.name,
      productSlug: products.slug,
    })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(and(inArray(productVariations.id, variationIds), isNotNull(productVariations.digitalFile)));
  for (const row of rows) {
    const key = row.stored ? digitalFileKey(row.stored) : null;
    if (!row.stored || !key) continue;
    found.set(row.id, {
      file: {
        key,
        name: row.name ?? path.posix.basename(row.stored),
        size: row.size,
        contentType: row.contentType ?? 'application/octet-stream',
      },
      product: { name: row.productName, slug: row.productSlug },
      variation: { name: row.variationName, slug: row.variationSlug },
    });
  }
  return found;
}
