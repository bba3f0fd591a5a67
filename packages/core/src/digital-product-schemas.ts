/**
 * The customer's digital products (GET /user/digital-products) and the signed download links
 * they carry (docs/decisions/018). A line is listed while its order is paid and not cancelled
 * and its variation still has a file.
 */
import { z } from 'zod';
import { refSchema } from './catalog-schemas';

/** Lines per page of GET /user/digital-products. */
export const DIGITAL_PRODUCTS_PER_PAGE = 10;

/** Default lifetime of a download link, in seconds (config DOWNLOAD_LINK_TTL_SECONDS). */
export const DEFAULT_DOWNLOAD_LINK_TTL_SECONDS = 600;

/** GET /user/digital-products?page. */
export const digitalProductsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type DigitalProductsQuery = z.input<typeof digitalProductsQuerySchema>;

/**
 * One bought digital line. `product` and `variation` are the catalogue's current names (slugs
 * for a link to the product page); `file` is what the download gives. `download_url` is a path
 * on the API's own origin (`/api/downloads/{order_item_id}?user&expires&signature`) that needs no
 * Authorization header and stops working at `expires_at`.
 */
export const digitalProductSchema = z.object({
  order_id: z.number().int(),
  order_item_id: z.number().int(),
  product: z.object({ name: z.string(), slug: z.string() }),
  variation: z.object({ name: z.string(), slug: z.string() }),
  shop: refSchema,
  file: z.object({ name: z.string(), size: z.number().int().nullable() }),
  /** When the order was placed. */
  purchased_at: z.string(),
  download_url: z.string(),
  expires_at: z.string(),
});
export type DigitalProduct = z.infer<typeof digitalProductSchema>;

/**
 * A download link about to expire is fetched afresh before it is followed: the margin, in
 * milliseconds, that leaves for the click to reach the server.
 */
export const DOWNLOAD_LINK_REFRESH_MARGIN_MS = 60_000;

/** True when the link expiring at `expiresAt` should be fetched afresh before it is followed. */
export function downloadLinkNeedsRefresh(expiresAt: string, now: number = Date.now()): boolean {
  const expires = Date.parse(expiresAt);
  return Number.isNaN(expires) || expires - now < DOWNLOAD_LINK_REFRESH_MARGIN_MS;
}
