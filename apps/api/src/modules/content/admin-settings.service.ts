import { type AdminSettings, type AdminSettingsUpdate, adminSettingsShape } from '@parade/core/admin-schemas';
import { commissionRateSetting, payoutHoldDaysSetting } from '@parade/core/money-rules';
import { returnWindowDays } from '@parade/core/return-schemas';
import { collectionPointSchema, type SiteSettingKey, siteSettingKeys } from '@parade/core/settings';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { siteSettings } from './content.tables';
import { changeContent } from './content-generation';
import { getSiteSettings } from './settings.service';

/** Used when the stored radius is missing or not a number (as GET get-distance does). */
const DEFAULT_RADIUS_MILES = 3;
const collectionPoints = z.array(collectionPointSchema);

/** A stored text value as the admin's typed value; a value stored badly reads as its empty form. */
function typed(key: SiteSettingKey, value: string): AdminSettings[SiteSettingKey] {
  switch (key) {
    // The storefront's own reading of these: test mode unless "false", payments only when "true".
    case 'stripe_test_mode':
      return value !== 'false';
    case 'enable_stripe_payment':
      return value === 'true';
    case 'delivery_radius_miles': {
      const miles = Number(value.trim() || Number.NaN);
      return Number.isFinite(miles) && miles >= 0 ? miles : DEFAULT_RADIUS_MILES;
    }
    // The rule every return request uses, so the form shows the window that actually applies.
    case 'return_window_days':
      return returnWindowDays(value);
    // The readings the checkout and the ledger use, so the form shows what applies.
    case 'commission_rate':
      return commissionRateSetting(value);
    case 'payout_hold_days':
      return payoutHoldDaysSetting(value);
    case 'collection_locations': {
      try {
        const parsed = collectionPoints.safeParse(JSON.parse(value || '[]'));
        return parsed.success ? parsed.data : [];
      } catch {
        return [];
      }
    }
    default:
      return value;
  }
}

/** The typed value as stored text (what GET app/setting answers). */
function stored(value: AdminSettings[SiteSettingKey]): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** GET admin/settings: every key of spec section 3, typed. */
export async function getAdminSettings(db: DbOrTx): Promise<AdminSettings> {
  const settings = await getSiteSettings(db);
  const result: Record<string, unknown> = {};
  for (const key of siteSettingKeys) result[key] = typed(key, settings[key] ?? '');
  return result as AdminSettings;
}

/** PUT admin/settings: writes only the keys sent (already validated by core's schema), in one transaction. */
export async function updateAdminSettings(db: DbOrTx, changes: AdminSettingsUpdate): Promise<AdminSettings> {
  // GET app/setting is a cached public reply: the change must drop it, as a content edit does.
  return changeContent(() =>
    db.transaction(async (tx) => {
      for (const key of siteSettingKeys) {
        const value = changes[key];
        if (value === undefined || !(key in adminSettingsShape)) continue;
        await tx
          .insert(siteSettings)
          .values({ key, value: stored(value as AdminSettings[SiteSettingKey]) })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
      }
      return getAdminSettings(tx);
    }),
  );
}
