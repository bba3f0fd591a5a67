/**
 * Vendor offers, claims and QR codes (spec sections 3, 4 and 7, api-contract.md "Offers" and
 * "Offer and QR payloads"): every wire shape under `/api/vendor-offers`, for the API, the
 * storefront and the merchant site. Money is integer pence; times are ISO 8601 strings.
 * docs/decisions/020-offers-and-claims.md explains the choices the spec leaves open.
 *
 * Other work builds on these shapes: change them only additively (new optional or new
 * always-present fields), and say so in a comment next to the change.
 */
import { z } from 'zod';
import { imageRefSchema, pageQuerySchema } from './catalog-schemas';
import { publicOfferStatuses } from './enum-values';
import { claimStatusSchema, couponTypeSchema } from './enums';
import { idSchema } from './ids';
import { uploadPathSchema } from './safe-links';
import { queryBooleanSchema } from './vendor-schemas';

// ---- Constants -----------------------------------------------------------------------------

/** Offers and claims page size (spec section 9). */
export const OFFERS_PER_PAGE = 15;
/** A claim's own lifetime: it expires this many days after it was made, or at its offer's end if sooner. */
export const CLAIM_LIFETIME_DAYS = 7;
/** Claims a customer may make per minute (api-contract.md, "Rate limits"). */
export const CLAIMS_PER_MINUTE = 30;
/** The multipart field of an offer's picture (POST vendor/offers, PUT vendor/offers/{id}). */
export const OFFER_IMAGE_FIELD = 'image';
/** Largest offer picture, as product pictures. */
export const OFFER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const OFFER_TITLE_MAX = 120;
export const OFFER_DESCRIPTION_MAX = 2000;
export const OFFER_TERMS_MAX = 2000;
export const VENDOR_NOTES_MAX = 1000;
const MAX_PENCE = 100_000_000;
const MAX_COUNT = 1_000_000;

// ---- Shared pieces -------------------------------------------------------------------------

/** The shop of an offer or claim: `{name, slug, logo}` (logo `{url}` or null). */
export const offerVendorSchema = z.object({
  name: z.string(),
  slug: z.string(),
  logo: imageRefSchema.nullable(),
});
export type OfferVendor = z.infer<typeof offerVendorSchema>;

/**
 * Where an offer stands now, one value each (checked in this order): `inactive` (switched off by
 * its shop), `ended` (past `ends_at`), `upcoming` (before `starts_at`), `full` (`max_claims`
 * reached), else `active` (claimable). `is_valid` (started, not ended, not full) ignores the
 * switch, so a switched-off offer can still be valid.
 */
export const offerStates = ['active', 'upcoming', 'ended', 'full', 'inactive'] as const;
export const offerStateSchema = z.enum(offerStates);
export type OfferState = (typeof offerStates)[number];

// ---- Offer ---------------------------------------------------------------------------------

/**
 * The Offer of every payload (public, customer and vendor views alike). Spec section 3's
 * `vendor slug` is `vendor.slug`.
 */
export const offerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Picture URL (under /uploads/ or absolute), null without one. */
  image: z.string().nullable(),
  discount_type: couponTypeSchema,
  /** A whole percent (1-100) for `percent`, pence for `fixed`. */
  discount_value: z.number().int(),
  /** Smallest spend (pence) the discount applies to; 0 = any. */
  min_spend: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** null = no overall limit. */
  max_claims: z.number().int().nullable(),
  /** Live claims (pending, confirmed, used) one customer may hold at once; default 1. */
  max_claims_per_user: z.number().int(),
  /** Claims counted against `max_claims` (a cancelled or expired claim gives its place back). */
  claims_count: z.number().int(),
  /** `max_claims - claims_count`, never below 0; null when there is no limit. */
  claims_left: z.number().int().nullable(),
  /**
   * How many more claims the signed-in caller may make under the per-user limit (the limit minus
   * their live claims), null for a guest. It counts the per-user limit only: `is_active` and
   * `is_valid` say whether the offer can be claimed at all.
   */
  user_claims_left: z.number().int().nullable(),
  is_active: z.boolean(),
  /** Started, not ended and not full (independent of `is_active`). */
  is_valid: z.boolean(),
  is_featured: z.boolean(),
  /** Claimable only with the shop's live QR code (scanned at the counter). */
  qr_only: z.boolean(),
  /** Points the customer earns at this shop when the claim is marked used. */
  points_reward: z.number().int(),
  terms: z.string().nullable(),
  state: offerStateSchema,
  vendor: offerVendorSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

/** `{total, current_page, last_page, per_page}` of offer and claim lists (per_page 15). */
export const offerPaginationSchema = z.object({
  total: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
});
export type OfferPagination = z.infer<typeof offerPaginationSchema>;

/** Offer lists: `{offers, pagination}`. */
export const offerListSchema = z.object({ offers: z.array(offerSchema), pagination: offerPaginationSchema });
export type OfferList = z.infer<typeof offerListSchema>;

/** GET vendor/{slug}/offers/{offerId}, POST/PUT vendor/offers...: `{offer}`. */
export const offerPayloadSchema = z.object({ offer: offerSchema });
export type OfferPayload = z.infer<typeof offerPayloadSchema>;

/**
 * Public list filter `status`: `live` (the default: switched on, started and not ended, full ones
 * included so the storefront can say so), one of the states `active` (claimable), `upcoming`,
 * `ended`, `full`, or `all` (every switched-on offer). The public never sees switched-off offers.
 */
export const publicOfferStatusSchema = z.enum(publicOfferStatuses);
export type PublicOfferStatus = z.infer<typeof publicOfferStatusSchema>;

/**
 * GET offers?status&featured&search&page (offers of open shops; featured first, then newest) and
 * GET vendor/{slug}/offers (the same filters within one shop, plus `qr_only`).
 * `search` matches the title, the description and the shop's name.
 */
export const offerListQuerySchema = z.object({
  status: publicOfferStatusSchema.optional(),
  featured: queryBooleanSchema.optional(),
  /** true: only QR-only offers (the shop page's qr-offers tab); false: only the others. */
  qr_only: queryBooleanSchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: pageQuerySchema.optional(),
});
export type OfferListQuery = z.input<typeof offerListQuerySchema>;

/** GET vendor/offers?status&search&page: every offer of the caller's shop; `status` one of the states. */
export const vendorOfferListQuerySchema = z.object({
  status: offerStateSchema.optional(),
  featured: queryBooleanSchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: pageQuerySchema.optional(),
});
export type VendorOfferListQuery = z.input<typeof vendorOfferListQuerySchema>;

// ---- Vendor offer input --------------------------------------------------------------------

const offerFields = {
  title: z
    .string({ error: 'Give the offer a title.' })
    .trim()
    .min(1, 'Give the offer a title.')
    .max(OFFER_TITLE_MAX, `Keep the title under ${OFFER_TITLE_MAX} characters.`),
  description: z
    .string({ error: 'Describe the offer.' })
    .trim()
    .min(1, 'Describe the offer.')
    .max(OFFER_DESCRIPTION_MAX, `Keep the description under ${OFFER_DESCRIPTION_MAX} characters.`),
  /**
   * JSON only: an image URL the shop already has (under /uploads/), or null to remove the
   * picture. A new picture comes as the multipart file `image`.
   */
  image: uploadPathSchema.nullable(),
  discount_type: couponTypeSchema,
  discount_value: z.number().int('Use a whole number.').min(1, 'Must be at least 1.').max(MAX_PENCE),
  min_spend: z.number().int('Use whole pence.').min(0).max(MAX_PENCE),
  starts_at: z.iso.datetime({ offset: true, error: 'Give a date and time.' }),
  ends_at: z.iso.datetime({ offset: true, error: 'Give a date and time.' }),
  max_claims: z.number().int().min(1, 'At least 1, or leave empty for no limit.').max(MAX_COUNT).nullable(),
  max_claims_per_user: z.number().int().min(1, 'At least 1.').max(1000),
  is_active: z.boolean(),
  is_featured: z.boolean(),
  qr_only: z.boolean(),
  points_reward: z.number().int().min(0, 'Cannot be negative.').max(MAX_COUNT),
  terms: z.string().trim().max(OFFER_TERMS_MAX, `Keep the terms under ${OFFER_TERMS_MAX} characters.`).nullable(),
};

/** The rules across fields; the API checks them again on the merged row of an update. */
export function checkOfferRules(
  offer: { discount_type?: string; discount_value?: number; starts_at?: string; ends_at?: string },
  ctx: z.RefinementCtx,
): void {
  if (offer.discount_type === 'percent' && offer.discount_value !== undefined && offer.discount_value > 100) {
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'A percent discount is at most 100.' });
  }
  if (offer.starts_at && offer.ends_at && Date.parse(offer.ends_at) <= Date.parse(offer.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
  }
}

/**
 * POST vendor/offers: title, description, discount, dates required; the rest default
 * (min_spend 0, max_claims null, max_claims_per_user 1, is_active true, is_featured false,
 * qr_only false, points_reward 0, terms null). JSON, or multipart/form-data (see
 * `offerFormToInput`) with the picture in the file field `image`.
 */
export const vendorOfferCreateSchema = z
  .object({
    title: offerFields.title,
    description: offerFields.description,
    image: offerFields.image.optional(),
    discount_type: offerFields.discount_type,
    discount_value: offerFields.discount_value,
    min_spend: offerFields.min_spend.optional(),
    starts_at: offerFields.starts_at,
    ends_at: offerFields.ends_at,
    max_claims: offerFields.max_claims.optional(),
    max_claims_per_user: offerFields.max_claims_per_user.optional(),
    is_active: offerFields.is_active.optional(),
    is_featured: offerFields.is_featured.optional(),
    qr_only: offerFields.qr_only.optional(),
    points_reward: offerFields.points_reward.optional(),
    terms: offerFields.terms.optional(),
  })
  .superRefine(checkOfferRules);
export type VendorOfferCreate = z.input<typeof vendorOfferCreateSchema>;
export type VendorOfferCreateInput = z.output<typeof vendorOfferCreateSchema>;

/**
 * PUT vendor/offers/{id}: only the fields sent (omitted fields keep their value). `max_claims`
 * below the claims already counted answers 422.
 */
export const vendorOfferUpdateSchema = z.object(offerFields).partial().superRefine(checkOfferRules);
export type VendorOfferUpdate = z.input<typeof vendorOfferUpdateSchema>;
export type VendorOfferUpdateInput = z.output<typeof vendorOfferUpdateSchema>;

const OFFER_NUMBER_FIELDS = ['discount_value', 'min_spend', 'max_claims', 'max_claims_per_user', 'points_reward'];
const OFFER_BOOLEAN_FIELDS = ['is_active', 'is_featured', 'qr_only'];
const OFFER_NULLABLE_FIELDS = ['max_claims', 'terms', 'image'];

/**
 * A multipart form's text fields as the offer input schemas read them: numbers from digits,
 * booleans from `true`/`false`/`1`/`0`, and an empty `max_claims`, `terms` or `image` as null
 * (cleared). Anything unreadable is passed on as text, so the schema names the field.
 */
export function offerFormToInput(fields: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(fields)) {
    const value = raw.trim();
    if (OFFER_NULLABLE_FIELDS.includes(key) && value === '') input[key] = null;
    else if (OFFER_NUMBER_FIELDS.includes(key) && /^-?\d{1,12}$/.test(value)) input[key] = Number(value);
    else if (OFFER_BOOLEAN_FIELDS.includes(key) && ['true', 'false', '1', '0'].includes(value)) {
      input[key] = value === 'true' || value === '1';
    } else input[key] = raw;
  }
  return input;
}

/** POST vendor/offers/{id}/toggle-status: the stored value after the flip. */
export const offerTogglePayloadSchema = z.object({ is_active: z.boolean() });
export type OfferTogglePayload = z.infer<typeof offerTogglePayloadSchema>;

// ---- Claims --------------------------------------------------------------------------------

/** The offer as a claim carries it (a summary; the claim keeps it even after the offer changes). */
export const claimOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  discount_type: couponTypeSchema,
  discount_value: z.number().int(),
  min_spend: z.number().int(),
  points_reward: z.number().int(),
  terms: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  qr_only: z.boolean(),
});
export type ClaimOffer = z.infer<typeof claimOfferSchema>;

/**
 * A claim as its customer sees it. `status` is computed on read: a pending or confirmed claim
 * past its offer's end or its own `expires_at` reads `expired` (and can no longer be confirmed
 * or used). `code` is what the customer shows at the till.
 */
export const claimSchema = z.object({
  id: z.number().int(),
  status: claimStatusSchema,
  code: z.string(),
  via_qr: z.boolean(),
  offer: claimOfferSchema,
  vendor: offerVendorSchema,
  vendor_notes: z.string().nullable(),
  order_id: z.number().int().nullable(),
  /** Pence the shop took off (mark-used), null until then. */
  discount_applied: z.number().int().nullable(),
  points_awarded: z.number().int(),
  /** When the claim lapses if not used: CLAIM_LIFETIME_DAYS after claiming, or the offer's end if sooner. */
  expires_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  used_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

/** A claim as its shop sees it: plus the customer's name and e-mail. */
export const vendorClaimSchema = claimSchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type VendorClaim = z.infer<typeof vendorClaimSchema>;

/** POST vendor/{slug}/offers/{offerId}/claim, GET claims/{id} and every transition: `{claim}`. */
export const claimPayloadSchema = z.object({ claim: claimSchema });
export type ClaimPayload = z.infer<typeof claimPayloadSchema>;
/** The vendor's transitions (confirm, mark-used, cancel): `{claim}` with the customer. */
export const vendorClaimPayloadSchema = z.object({ claim: vendorClaimSchema });
export type VendorClaimPayload = z.infer<typeof vendorClaimPayloadSchema>;

/** Claim lists: `{data, pagination}`. */
export const claimListSchema = z.object({ data: z.array(claimSchema), pagination: offerPaginationSchema });
export type ClaimList = z.infer<typeof claimListSchema>;
export const vendorClaimListSchema = z.object({
  data: z.array(vendorClaimSchema),
  pagination: offerPaginationSchema,
});
export type VendorClaimList = z.infer<typeof vendorClaimListSchema>;

/**
 * POST vendor/{slug}/offers/{offerId}/claim: `qr` is the code scanned from the shop's QR
 * (my-offer?qr=...). Required for a qr_only offer; when it is the shop's live code the claim is
 * marked `via_qr`.
 */
export const claimBodySchema = z.object({ qr: z.string().trim().max(100).optional() });
export type ClaimBody = z.input<typeof claimBodySchema>;

/** GET user/claims?status&page: the caller's claims, newest first. */
export const userClaimListQuerySchema = z.object({
  status: claimStatusSchema.optional(),
  page: pageQuerySchema.optional(),
});
export type UserClaimListQuery = z.input<typeof userClaimListQuerySchema>;

/** A calendar day `YYYY-MM-DD` (London time) in claim list filters. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-01-31.');

/**
 * GET vendor/claims?status&offer_id&from&to&search&page: the shop's claims, newest first. `from`
 * and `to` are days (inclusive, by claim time); `search` matches the code, the customer's name
 * and e-mail and the offer's title.
 */
export const vendorClaimListQuerySchema = z.object({
  status: claimStatusSchema.optional(),
  offer_id: idSchema.optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: pageQuerySchema.optional(),
});
export type VendorClaimListQuery = z.input<typeof vendorClaimListQuerySchema>;

const vendorNotesSchema = z
  .string()
  .trim()
  .max(VENDOR_NOTES_MAX, `Keep the note under ${VENDOR_NOTES_MAX} characters.`)
  .nullable()
  .optional();

/** POST vendor/claims/{id}/confirm: an optional note for the customer. Pending claims only. */
export const confirmClaimBodySchema = z.object({ vendor_notes: vendorNotesSchema });
export type ConfirmClaimBody = z.input<typeof confirmClaimBodySchema>;

/**
 * POST vendor/claims/{id}/mark-used: optionally the order it was used on (an order of this shop
 * and of the claim's customer, else 422) and the pence taken off. Confirmed claims only.
 */
export const markClaimUsedBodySchema = z.object({
  order_id: idSchema.nullable().optional(),
  discount_applied: z.number().int('Use whole pence.').min(0).max(MAX_PENCE).nullable().optional(),
});
export type MarkClaimUsedBody = z.input<typeof markClaimUsedBodySchema>;

/** POST vendor/claims/{id}/cancel: an optional note saying why. Until used. */
export const vendorCancelClaimBodySchema = z.object({ vendor_notes: vendorNotesSchema });
export type VendorCancelClaimBody = z.input<typeof vendorCancelClaimBodySchema>;

// ---- Stats ---------------------------------------------------------------------------------

/** `conversion_rate`: used claims / all claims, 0 to 1 (0 when there are none). */
const conversionRateSchema = z.number().min(0).max(1);

/** GET vendor/claims/stats: exactly spec section 3's vendor stats. */
export const vendorOfferStatsSchema = z.strictObject({
  total_offers: z.number().int(),
  /** Switched on, started, not ended, not full. */
  active_offers: z.number().int(),
  featured_offers: z.number().int(),
  total_claims: z.number().int(),
  pending_claims: z.number().int(),
  confirmed_claims: z.number().int(),
  used_claims: z.number().int(),
  expired_claims: z.number().int(),
  cancelled_claims: z.number().int(),
  /** Pence, over used claims. */
  total_discount_applied: z.number().int(),
  total_points_awarded: z.number().int(),
  conversion_rate: conversionRateSchema,
});
export type VendorOfferStats = z.infer<typeof vendorOfferStatsSchema>;

/** A shop the customer claims from most: `{name, slug, claims}` (claims in any status). */
export const favoriteVendorSchema = z.object({ name: z.string(), slug: z.string(), claims: z.number().int() });
export type FavoriteVendor = z.infer<typeof favoriteVendorSchema>;

/**
 * GET user/stats: exactly spec section 3's customer stats. `active_claims` = pending +
 * confirmed (not expired); `favorite_vendors` = the (at most 5) shops with most claims.
 */
export const customerOfferStatsSchema = z.strictObject({
  total_claims: z.number().int(),
  pending_claims: z.number().int(),
  active_claims: z.number().int(),
  confirmed_claims: z.number().int(),
  used_claims: z.number().int(),
  expired_claims: z.number().int(),
  cancelled_claims: z.number().int(),
  total_discount_received: z.number().int(),
  total_points_earned: z.number().int(),
  favorite_vendors: z.array(favoriteVendorSchema),
});
export type CustomerOfferStats = z.infer<typeof customerOfferStatsSchema>;
export const FAVORITE_VENDORS_MAX = 5;

/** GET vendor/offers/{id}/stats: the contract's per-offer stats. */
export const offerStatsSchema = z.strictObject({
  total_claims: z.number().int(),
  pending_claims: z.number().int(),
  confirmed_claims: z.number().int(),
  used_claims: z.number().int(),
  cancelled_claims: z.number().int(),
  expired_claims: z.number().int(),
  total_discount_applied: z.number().int(),
  total_points_awarded: z.number().int(),
  conversion_rate: conversionRateSchema,
});
export type OfferStats = z.infer<typeof offerStatsSchema>;

// ---- QR codes ------------------------------------------------------------------------------

/**
 * GET vendor/qr-code/info, POST vendor/qr-code/generate|regenerate, POST
 * vendor/offers/{id}/qr-code: the shop's (or offer's) code, the absolute URL it encodes
 * (`/vendor/{slug}/my-offer?qr={code}`), where to download its PNG, and when it was made. Before
 * a shop generates one, `info` answers nulls.
 */
export const qrInfoSchema = z.object({
  qr_code_id: z.string().nullable(),
  qr_code_url: z.string().nullable(),
  download_url: z.string().nullable(),
  generated_at: z.string().nullable(),
});
export type QrInfo = z.infer<typeof qrInfoSchema>;

/** GET vendor/qr-code/stats. */
export const qrStatsSchema = z.strictObject({
  scans: z.number().int(),
  claims_from_scans: z.number().int(),
  conversion_rate: conversionRateSchema,
});
export type QrStats = z.infer<typeof qrStatsSchema>;

/** GET qr-code/validate/{code}: the live code's shop (an unknown or replaced code is 404). */
export const qrValidateSchema = z.object({
  valid: z.literal(true),
  vendor: z.object({ name: z.string(), slug: z.string() }),
});
export type QrValidate = z.infer<typeof qrValidateSchema>;

/** GET vendor/{slug}/my-offer?qr={code}: the shop and the offers the code unlocks. */
export const myOfferSchema = z.object({ vendor: offerVendorSchema, offers: z.array(offerSchema) });
export type MyOffer = z.infer<typeof myOfferSchema>;
export const myOfferQuerySchema = z.object({
  qr: z.string().trim().min(1).max(100),
  /** Added (QR codes, additive): the offer of a per-offer QR code (`...&offer={id}`), recorded with the scan. */
  offer: idSchema.optional(),
});
export type MyOfferQuery = z.input<typeof myOfferQuerySchema>;
