import {
  DIGITAL_PRODUCTS_PER_PAGE,
  digitalProductSchema,
  digitalProductsQuerySchema,
} from '@parade/core/digital-product-schemas';
import { paginated, successEnvelope } from '@parade/core/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth';
import { attachmentDisposition, loadDownloadLinkSecret, servedFileName } from './download-links';
import { listDigitalProducts, openDownload } from './downloads.service';

/**
 * The query of a download link, taken as text and checked by the signature: anything malformed
 * (a repeated key, a missing one) reaches the check as missing and is a 403
 * `download_link_invalid`, never a 422 that would tell a prober which part it got wrong.
 */
const linkPart = z.string().optional().catch(undefined);
const downloadQuerySchema = z.object({ user: linkPart, expires: linkPart, signature: linkPart });

/**
 * The customer's digital products (`GET /user/digital-products`) and the signed download route
 * their links point at (`GET /downloads/{order_item_id}`), docs/decisions/018.
 */
export const downloadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read (or made) once at start-up, so a missing DATA_DIR permission stops the boot, not a download.
  const secret = await loadDownloadLinkSecret(app.config);
  const { ttlSeconds } = app.config.downloadLinks;

  app.get(
    '/user/digital-products',
    {
      schema: {
        tags: ['downloads'],
        summary: "The digital lines of the signed-in customer's paid, not cancelled orders, newest first",
        description: [
          `Paged (${DIGITAL_PRODUCTS_PER_PAGE} a page). Only lines whose variation has a file are listed; \`product\` and \`variation\` are the`,
          "catalogue's current names, `shop` the order's shop, `file` {name, size in bytes or null}, `purchased_at` when",
          'the order was placed. `download_url` is a path on this origin, `/api/downloads/{order_item_id}?user&expires&signature`,',
          'signed for the caller and working until `expires_at` (DOWNLOAD_LINK_TTL_SECONDS, default 600): list again for a',
          'fresh one. It needs no Authorization header, so a browser can follow it.',
        ].join(' '),
        security: [{ bearer: [] }],
        querystring: digitalProductsQuerySchema,
        response: { 200: successEnvelope(paginated(digitalProductSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(
        await listDigitalProducts(
          app.db,
          { links: { secret, ttlSeconds }, now: Date.now() },
          user.id,
          request.query.page,
        ),
      );
    },
  );

  app.get(
    '/downloads/:orderItemId',
    {
      // The file leaves as it is stored: never re-encoded, so Content-Length holds.
      compress: false,
      // A link is worth nothing without its signature; the limit only keeps guessing pointless and cheap.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['downloads'],
        summary: 'Download a bought digital file through a signed link from GET /user/digital-products',
        description: [
          'No Authorization header: the link is the permission (HMAC-SHA256 over the order line, the user and the expiry).',
          'The file is sent as an attachment (`Content-Disposition: attachment; filename="..."; filename*=UTF-8\'\'...`) with',
          'its stored content type, `Content-Length`, `Cache-Control: private, no-store` and `X-Content-Type-Options: nosniff`.',
          'Refusals: 403 `download_link_invalid` (malformed, or any part changed), 403 `download_link_expired` (past',
          '`expires`), 404 `download_not_found` when the order is no longer paid, is cancelled, is not the signed',
          "user's, or the line has no file any more.",
        ].join(' '),
        params: z.object({ orderItemId: z.string() }),
        querystring: downloadQuerySchema,
        response: {
          200: {
            description: 'The file, as an attachment, in its stored content type (e.g. application/pdf).',
            // Typed `any` so the handler may send a stream; documented as binary.
            content: { 'application/octet-stream': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const download = await openDownload(
        app.db,
        {
          store: app.storage,
          secret,
          now: Date.now(),
          onMissingFile: (detail) => request.log.warn(detail, 'a digital file named by its variation is missing'),
        },
        { orderItemId: request.params.orderItemId, ...request.query },
      );
      reply
        .type(download.contentType)
        .header('content-length', download.size)
        .header('content-disposition', attachmentDisposition(servedFileName(download.name, download.contentType)))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      // Streamed from the store as it comes; closed when it ends or the client goes away.
      return reply.send(download.body);
    },
  );
};
