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
] as const;
export type SiteSettingKey = (typeof siteSettingKeys)[number];
/** What GET app/setting answers: every stored key, plus `admin_url` from the server's configuration. */
export type SiteSettings = Partial<Record<SiteSettingKey | 'admin_url', string>>;

export interface CollectionPoint {
  value: string;
  note?: string;
}
