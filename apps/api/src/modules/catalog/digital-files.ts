import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { digitalFilePath } from '../../lib/digital-files';
import { productVariations } from './catalog.tables';

type VariationRow = typeof productVariations.$inferSelect;

/** The merchant's view of a variation's file: the name it was uploaded as and its size, or null. */
export function digitalFileSummary(row: VariationRow): { name: string; size: number | null } | null {
  if (row.digitalFile === null) return null;
  return { name: row.digitalFileName ?? path.posix.basename(row.digitalFile), size: row.digitalFileSize };
}

export interface VariationDigitalFile {
  /** Where the file is on this machine (under DATA_DIR/digital). */
  absolutePath: string;
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
 * inside DATA_DIR/digital. Who may download it is the caller's question (a paid order's line).
 */
export async function variationDigitalFile(
  db: DbOrTx,
  dataDir: string,
  variationId: number,
): Promise<VariationDigitalFile | null> {
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
  const absolutePath = digitalFilePath(dataDir, row.stored);
  if (!absolutePath) return null;
  return {
    absolutePath,
    name: row.name ?? path.posix.basename(row.stored),
    size: row.size,
    contentType: row.contentType ?? 'application/octet-stream',
  };
}
