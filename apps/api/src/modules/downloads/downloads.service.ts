import type { Readable } from 'node:stream';
import { DIGITAL_PRODUCTS_PER_PAGE, type DigitalProduct } from '@parade/core/digital-product-schemas';
import type { Paginated } from '@parade/core/envelope';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { ObjectStore } from '../../lib/storage/object-store';
import { digitalDownloadsOf, variationDigitalFile } from '../catalog';
import { findPurchasedDigitalLine, listPurchasedDigitalLines, purchasedDigitalVariationIds } from '../orders';
import { checkDownloadLink, makeDownloadLink, type PresentedLink } from './download-links';

/**
 * The customer's digital products and their downloads. The downloads module owns no table: it
 * asks the orders module which lines a customer bought and may download, and the catalog module
 * which file each line's variation sells.
 */

export interface LinkSettings {
  secret: Buffer;
  ttlSeconds: number;
}

/**
 * GET /user/digital-products: the digital lines of the customer's paid, not cancelled orders whose
 * variation has a file, newest first, each with a fresh signed link. Three queries: the variations
 * bought, which of them have files, then the page of lines among those.
 */
export async function listDigitalProducts(
  db: DbOrTx,
  context: { links: LinkSettings; now: number },
  userId: number,
  page: number,
): Promise<Paginated<DigitalProduct>> {
  const downloads = await digitalDownloadsOf(db, await purchasedDigitalVariationIds(db, userId));
  const lines = await listPurchasedDigitalLines(db, userId, [...downloads.keys()], {
    page,
    perPage: DIGITAL_PRODUCTS_PER_PAGE,
  });
  const data = lines.data.flatMap((line): DigitalProduct[] => {
    const download = downloads.get(line.variationId);
    if (!download) return [];
    const link = makeDownloadLink(context.links.secret, {
      orderItemId: line.orderItemId,
      userId,
      ttlSeconds: context.links.ttlSeconds,
      now: context.now,
    });
    return [
      {
        order_id: line.orderId,
        order_item_id: line.orderItemId,
        product: download.product,
        variation: download.variation,
        shop: line.shop,
        file: { name: download.file.name, size: download.file.size },
        purchased_at: line.purchasedAt.toISOString(),
        download_url: link.url,
        expires_at: link.expiresAt.toISOString(),
      },
    ];
  });
  return { ...lines, data };
}

export interface OpenedDownload {
  name: string;
  contentType: string;
  /** Bytes, from the object store (not the row's figure, which an old row may lack). */
  size: number;
  /** The file's bytes from the store; the caller streams it (or destroys it). */
  body: Readable;
}

const linkInvalid = () =>
  new AppError(
    403,
    'This download link is not valid. Open your digital products again to get a new one.',
    {},
    'download_link_invalid',
  );
const linkExpired = () =>
  new AppError(
    403,
    'This download link has expired. Open your digital products again to get a new one.',
    {},
    'download_link_expired',
  );
const downloadNotFound = () => notFound('This download is not available.', 'download_not_found');

/**
 * GET /downloads/{order_item_id}?user&expires&signature: checks the link, then again that the
 * line's order is paid, not cancelled and the signed user's (a link made before a cancellation
 * stops working at once), and opens the variation's file. Refusals: 403 for a link we did not
 * sign or that has expired, 404 for a line or file that is not (or no longer) downloadable.
 */
export async function openDownload(
  db: DbOrTx,
  context: {
    store: ObjectStore;
    secret: Buffer;
    now: number;
    /** Told when a row names a file that is missing from the store (an operator's problem, not the buyer's). */
    onMissingFile?: (detail: { variationId: number; path: string }) => void;
  },
  presented: PresentedLink,
): Promise<OpenedDownload> {
  const check = checkDownloadLink(context.secret, presented, context.now);
  if (!check.ok) throw check.reason === 'expired' ? linkExpired() : linkInvalid();
  const line = await findPurchasedDigitalLine(db, {
    orderItemId: check.link.orderItemId,
    userId: check.link.userId,
  });
  if (!line) throw downloadNotFound();
  const file = await variationDigitalFile(db, line.variationId);
  if (!file) throw downloadNotFound();
  const stored = await context.store.get(file.key);
  if (!stored) {
    // The row names a file the store does not hold (a DATA_DIR not shared or not copied, deleted by hand).
    context.onMissingFile?.({ variationId: line.variationId, path: file.key });
    throw downloadNotFound();
  }
  return { name: file.name, contentType: file.contentType, size: stored.size, body: stored.body };
}
