import { z } from 'zod';

/** Every site-settings key of spec section 3, plus the contract's delivery radius. */
export const siteSettingKeys = [
  'locale',
  'currency',
  'date_format',
  'stripe_test_mode',
  'enable_stripe_payment',
  'stripe_test_pub',
  'stripe_live_pub',
  'site_title',
  'collection_locations',
  'address',
  'postcode',
  'city',
  'state',
  'phone',
  'email',
  'company_name',
  'facebook_url',
  'tiktok_url',
  'linkedIn_url',
  'instagram_url',
  'site_logo_small',
  'site_logo_large',
  'delivery_radius_miles',
  /** Whole days after delivery in which a line may be returned (return-schemas.ts; default 14, 0 = none). */
  'return_window_days',
  /** Percent of each new order the platform keeps when its shop has no rate (money-rules.ts; default 10). */
  'commission_rate',
  /** Days after delivery before a sale can be paid out (money-rules.ts; default 7). */
  'payout_hold_days',
] as const;
export type SiteSettingKey = (typeof siteSettingKeys)[number];

/** Settings only the platform admin reads: never in GET app/setting. */
export const privateSettingKeys = ['commission_rate', 'payout_hold_days'] as const satisfies SiteSettingKey[];
type PublicSettingKey = Exclude<SiteSettingKey, (typeof privateSettingKeys)[number]>;
const publicSettingKeys = siteSettingKeys.filter(
  (key): key is PublicSettingKey => !(privateSettingKeys as readonly string[]).includes(key),
);

const settingsShape = Object.fromEntries(
  [...publicSettingKeys, 'admin_url', 'stripe_js_url'].map((key) => [key, z.string().optional()]),
) as Record<PublicSettingKey | 'admin_url' | 'stripe_js_url', z.ZodOptional<z.ZodString>>;

/**
 * What GET app/setting answers: every stored key, plus `admin_url` and `stripe_js_url` (where
 * the storefront loads Stripe.js from) from the server's configuration. Exactly these keys:
 * anything else a row may hold never reaches a client.
 */
export const siteSettingsSchema = z.object(settingsShape);
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
/** Every stored setting, private ones included, as the API reads them (a key never set is ''). */
export type StoredSettings = SiteSettings & Partial<Record<SiteSettingKey, string>>;

/** GET /app/setting: the payload at top level, as the spec reads it. */
export const appSettingReplySchema = z.object({ status: z.literal(true), settings: siteSettingsSchema });
export type AppSettingReply = z.infer<typeof appSettingReplySchema>;

/** One entry of setting `collection_locations` (a JSON list). */
export const collectionPointSchema = z.object({ value: z.string(), note: z.string().optional() });
export type CollectionPoint = z.infer<typeof collectionPointSchema>;

/**
 * What the storefront is told about card payment: `enable_stripe_payment` is "true" only when
 * the admin switched it on AND the server holds a Stripe secret key AND the publishable key
 * of the current mode (test or live) is set. A shop without keys never offers a card form
 * that cannot take a payment.
 */
export function effectiveSiteSettings(
  settings: SiteSettings,
  server: { stripeSecretKeySet: boolean; publishableKey?: string },
): SiteSettings {
  const cardPayment =
    settings.enable_stripe_payment === 'true' &&
    server.stripeSecretKeySet &&
    Boolean(stripePublishableKey(settings, server.publishableKey));
  return { ...settings, enable_stripe_payment: cardPayment ? 'true' : 'false' };
}

/**
 * The publishable key card payments use: the server's own (STRIPE_PUBLISHABLE_KEY) when it has
 * one, else the settings' key of the current mode (test unless stripe_test_mode is "false").
 */
export function stripePublishableKey(settings: SiteSettings, serverKey?: string): string | undefined {
  if (serverKey) return serverKey;
  const testMode = settings.stripe_test_mode !== 'false';
  return (testMode ? settings.stripe_test_pub : settings.stripe_live_pub) || undefined;
}
