/**
 * Wire shapes of a customer's own shop-create request (`GET/POST user/shop-create-request`,
 * `POST user/shop-create-request/cancel`). The platform decides on it through
 * `admin/shop-requests` (admin-schemas.ts). The shop's e-mail is the account's.
 * docs/decisions/019-shop-requests.md says why each rule is as it is.
 */
import { z } from 'zod';
import { phoneSchema, postcodeSchema } from './auth-schemas';
import { shopRequestStatusSchema } from './enums';
import { postcodeError } from './postcode';

const required = 'This field is required.';

/** Largest logo a requester may send; the same limit as the merchant site's own logo upload. */
export const SHOP_LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** The logo's types, checked by the file's content on the server (never its name or stated type). */
export const SHOP_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Words the storefront and the API share about a shop request. */
export const shopRequestMessages = {
  categoryUnknown: 'Choose a category from the list.',
  descriptionMissing: 'Tell us what the shop sells.',
  logoInvalid: 'The logo must be a PNG, JPEG, WebP or GIF picture.',
  logoTooLarge: `The logo must be at most ${SHOP_LOGO_MAX_BYTES / 1024 / 1024} MB.`,
  logoHint: `Optional. PNG, JPEG, WebP or GIF, up to ${SHOP_LOGO_MAX_BYTES / 1024 / 1024} MB. A square picture looks best.`,
  pending: 'You already have a shop request waiting for a decision. Cancel it to send a new one.',
  alreadyVendor: 'You already run a shop on Parade. Sign in to the merchant site to manage it.',
  adminCannotRequest: 'A platform admin account cannot open a shop. Ask from a customer account.',
  outsideDeliveryArea: (postcode: string, distanceMiles: number, radiusMiles: number) =>
    `${postcode} is outside our delivery area: shops on Parade must be within ${radiusMiles} miles of the parade, and ${postcode} is ${distanceMiles} miles away.`,
} as const;

/**
 * The shop's postcode: spec section 5's postcode rule first (its message names what was typed),
 * then the full UK format, normalised ("e8 3rh" -> "E8 3RH"). Whether it lies within the
 * delivery area is the server's check (it needs the geocoder).
 */
const shopPostcodeSchema = z
  .string({ error: required })
  .trim()
  .superRefine((value, ctx) => {
    // An empty box is a missing field, as the others say; the postcode rule's message quotes what was typed.
    const error = value === '' ? required : postcodeError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .pipe(postcodeSchema);

/** A category id (numeric text too); any malformed one gets the same plain message as an unknown one. */
const categoryUnknown = { error: shopRequestMessages.categoryUnknown };
const categoryIdSchema = z.coerce
  .number(categoryUnknown)
  .int(categoryUnknown)
  .positive(categoryUnknown)
  .max(2_147_483_647, categoryUnknown);

/**
 * POST user/shop-create-request: one pending request per account at a time. Sent as JSON, or
 * as multipart/form-data when a `logo` file goes with it (then every field is text, so
 * `category_id` takes numeric text too; an empty one means none).
 */
export const shopCreateRequestInputSchema = z.object({
  shop_name: z.string({ error: required }).trim().min(2, 'Give the shop a name.').max(120),
  /** Required (the contract lists it without `?`): the admin decides the request by it. */
  description: z
    .string({ error: shopRequestMessages.descriptionMissing })
    .trim()
    .min(1, shopRequestMessages.descriptionMissing)
    .max(2000),
  category_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    categoryIdSchema.optional(),
  ),
  address: z.string({ error: required }).trim().min(1, required).max(200),
  postcode: shopPostcodeSchema,
  phone: phoneSchema,
});
export type ShopCreateRequestInput = z.input<typeof shopCreateRequestInputSchema>;

/** The category the requester chose, by name; null when none was chosen (or it was deleted since). */
export const shopRequestCategorySchema = z.object({ id: z.number().int(), name: z.string() }).nullable();
/** The logo sent with the request, a public URL under /uploads/; null when none. */
export const shopRequestLogoSchema = z.object({ url: z.string() }).nullable();

/** The caller's request as they see it; the platform sees it with its requester (admin-schemas.ts). */
export const shopCreateRequestSchema = z.object({
  id: z.number().int(),
  shop_name: z.string(),
  description: z.string().nullable(),
  category: shopRequestCategorySchema,
  logo: shopRequestLogoSchema,
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  postcode: z.string(),
  status: shopRequestStatusSchema,
  /** The reason given on a rejection. */
  admin_note: z.string().nullable(),
  /** The shop made on acceptance. */
  shop_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShopCreateRequest = z.infer<typeof shopCreateRequestSchema>;
