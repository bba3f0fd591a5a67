import { successEnvelope } from '@parade/core/envelope';
import { idParamsSchema, idSchema } from '@parade/core/ids';
import {
  myOfferQuerySchema,
  myOfferSchema,
  qrInfoSchema,
  qrStatsSchema,
  qrValidateSchema,
} from '@parade/core/offer-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { getSession } from '../../plugins/auth';
import { vendorShopId } from '../../plugins/role-guards';
import { hitRateLimit, type RateLimitRule } from '../auth';
import { liveShopOffers } from './offers.service';
import {
  ensureQrCode,
  offerQrCode,
  qrInfo,
  qrPng,
  qrStats,
  recordQrScan,
  regenerateQrCode,
  shopForScan,
  validateQrCode,
} from './qr-codes.service';

const tags = ['vendor-offers'];

/**
 * Scans counted per shop and client address: a page reload or a script hammering one address
 * adds at most this many scans an hour to the shop's stats (the page itself still answers).
 * A shop's own Wi-Fi shares one address, so not lower.
 */
export const QR_SCANS_COUNTED: RateLimitRule = { max: 20, windowSeconds: 60 * 60 };
/** Requests to the public QR calls per address (429 beyond): a person scans, a script is stopped. */
const PUBLIC_QR_RATE = { max: 60, timeWindow: '1 minute' } as const;

const downloadQuerySchema = z.object({
  /** A per-offer code's PNG (POST vendor/offers/{id}/qr-code gives the link). */
  offer: idSchema.optional(),
});

/**
 * The shop's QR code for the merchant site (`/api/vendor-offers/vendor/qr-code/...` and the
 * per-offer `vendor/offers/{id}/qr-code`), the shop taken from the token by the vendor guard.
 * Register with the `/vendor-offers` prefix.
 */
export const qrCodesVendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const qrReply = { 200: successEnvelope(qrInfoSchema), ...failureResponses };
  const publicUrl = () => app.config.publicUrl;
  const none = { qr_code_id: null, qr_code_url: null, download_url: null, generated_at: null };

  app.get(
    '/vendor/qr-code/info',
    {
      schema: {
        tags,
        security,
        summary:
          "The shop's live QR code: the code, the absolute my-offer URL it encodes, its PNG's link, when it was made",
        description:
          'Every field is null while the shop has no code yet (POST vendor/qr-code/generate makes one). `download_url` is a path on the API (`/api/vendor-offers/vendor/qr-code/download/{code}`) that needs the bearer token.',
        response: qrReply,
      },
    },
    async (request) => ok((await qrInfo(app.db, publicUrl(), vendorShopId(request))) ?? none),
  );

  app.post(
    '/vendor/qr-code/generate',
    {
      schema: {
        tags,
        security,
        summary: "Make the shop's QR code: 201 with a new code, or 200 with the live one when it has one already",
        description:
          'Idempotent: a second call, or two at once, answers the same code. A code is 128 random bits (22 URL-safe characters).',
        response: { 200: successEnvelope(qrInfoSchema), 201: successEnvelope(qrInfoSchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      const shopId = vendorShopId(request);
      const { payload, created } = await app.db.transaction((tx) => ensureQrCode(tx, publicUrl(), shopId));
      reply.code(created ? 201 : 200);
      return ok(payload, created ? 'Your QR code is ready.' : 'Your QR code is already live.');
    },
  );

  app.post(
    '/vendor/qr-code/regenerate',
    {
      schema: {
        tags,
        security,
        summary:
          "Replace the shop's QR code: the old code stops working at once (printed copies no longer unlock offers)",
        description:
          "Answers the new code. The old code then answers 404 `qr_code_invalid` on validate and my-offer, and 404 `qr_code_not_found` on download. Scans already counted stay the shop's.",
        response: qrReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const payload = await app.db.transaction((tx) => regenerateQrCode(tx, publicUrl(), shopId));
      return ok(payload, 'A new QR code replaces the old one. Print it again: the old one no longer works.');
    },
  );

  app.get(
    '/vendor/qr-code/download/:id',
    {
      compress: false,
      schema: {
        tags,
        security,
        summary: "The PNG of the shop's live QR code (`id` = `qr_code_id`), as an attachment `<slug>-qr.png`",
        description: [
          'The spec\'s "a URL": the `download_url` of the QR payloads points here. A 1024 px PNG encoding `qr_code_url`',
          "(error correction level M). With `?offer={id}` (one of the shop's offers) the per-offer code, encoding",
          "`...&offer={id}`. An `id` that is not the shop's live code (replaced, another shop's, unknown) answers 404",
          "`qr_code_not_found`; another shop's offer 404 `offer_not_found`.",
        ].join(' '),
        params: z.object({ id: z.string().max(100) }),
        querystring: downloadQuerySchema,
        response: {
          200: {
            description: 'The QR code as a PNG attachment.',
            content: { 'image/png': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
          },
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const { png, filename } = await qrPng(
        app.db,
        publicUrl(),
        vendorShopId(request),
        request.params.id,
        request.query.offer,
      );
      return reply
        .type('image/png')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  );

  app.get(
    '/vendor/qr-code/stats',
    {
      schema: {
        tags,
        security,
        summary: "The shop's QR stats: scans, claims made through a scan, and how many of those were used",
        description:
          "`scans` counts every recorded visit to my-offer with any of the shop's codes (a replaced code's scans stay counted); `claims_from_scans` the shop's claims made with its code (`via_qr`, any status); `conversion_rate` = the used claims among claims_from_scans / claims_from_scans, from 0 to 1 (0 when there are none), as the contract fixes it for every conversion rate.",
        response: { 200: successEnvelope(qrStatsSchema), ...failureResponses },
      },
    },
    async (request) => ok(await qrStats(app.db, vendorShopId(request))),
  );

  app.post(
    '/vendor/offers/:id/qr-code',
    {
      schema: {
        tags,
        security,
        summary:
          "A QR code for one offer: the shop's live code pointing at the offer (`my-offer?qr={code}&offer={id}`)",
        description:
          "Makes the shop's code first when it has none. `qr_code_id` is the shop's code (regenerating it replaces every per-offer code too); `download_url` is `.../download/{code}?offer={id}`. Another shop's offer, or none, answers 404 `offer_not_found`.",
        params: idParamsSchema,
        response: qrReply,
      },
    },
    async (request) => {
      const shopId = vendorShopId(request);
      const { payload } = await app.db.transaction((tx) => offerQrCode(tx, publicUrl(), shopId, request.params.id));
      return ok(payload);
    },
  );
};

/**
 * The public side of a shop's QR code: validate a scanned code, and the my-offer page's data.
 * Register with the `/vendor-offers` prefix.
 */
export const qrCodesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/qr-code/validate/:code',
    {
      config: { rateLimit: PUBLIC_QR_RATE },
      schema: {
        tags,
        summary: "Whether a scanned code is a shop's live QR code: `{valid: true, vendor: {name, slug}}`",
        description:
          "An unknown or replaced code, or a closed shop's, answers 404 `qr_code_invalid`. 60 calls a minute per address.",
        params: z.object({ code: z.string().max(100) }),
        response: { 200: successEnvelope(qrValidateSchema), ...failureResponses },
      },
    },
    async (request) => {
      const shop = await validateQrCode(app.db, request.params.code);
      return ok({ valid: true as const, vendor: { name: shop.name, slug: shop.slug } });
    },
  );

  app.get(
    '/vendor/:slug/my-offer',
    {
      config: { rateLimit: PUBLIC_QR_RATE },
      schema: {
        tags,
        summary: "The page a shop's QR code opens: the shop and its live offers, QR-only ones included",
        description: [
          "Only with the shop's live code in `qr`: an unknown, replaced or other shop's code answers 404 `qr_code_invalid`",
          "(an unknown shop 404 `shop_not_found`). Each visit records a scan for the shop's QR stats, with the signed-in",
          'customer when a valid bearer token is sent (a guest is fine); at most 20 scans an hour are counted per shop',
          'and address, and the call takes 60 requests a minute per address (429 beyond).',
        ].join(' '),
        params: z.object({ slug: z.string().max(200) }),
        querystring: myOfferQuerySchema,
        response: { 200: successEnvelope(myOfferSchema), ...failureResponses },
      },
    },
    async (request) => {
      const { qr, offer } = request.query;
      const shop = await shopForScan(app.db, request.params.slug, qr);
      const session = await getSession(request);
      // A scan over the address's allowance still sees the offers; it is only not counted.
      if ((await hitRateLimit(app.db, `qr-scan:${shop.id}:${request.ip}`, QR_SCANS_COUNTED)) === 0) {
        await recordQrScan(app.db, { shopId: shop.id, code: qr, offerId: offer, userId: session?.user.id ?? null });
      }
      const offers = await liveShopOffers(app.db, shop.id, session?.user.id ?? null);
      return ok({ vendor: { name: shop.name, slug: shop.slug, logo: shop.logo }, offers });
    },
  );
};
