import { type StoredSettings, siteSettingKeys } from '@parade/core/settings';
import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { siteSettings } from './content.tables';

/**
 * Every key of spec section 3 and the private ones (commission, payout hold) is present; a key
 * never set is an empty string. GET app/setting's schema leaves the private ones out.
 */
export async function getSiteSettings(db: DbOrTx): Promise<StoredSettings> {
  // Prepared: every checkout and every settings reply asks it.
  const rows = await preparedOn(db, 'content_site_settings', () =>
    db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings),
  ).execute({});
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const settings: StoredSettings = {};
  for (const key of siteSettingKeys) settings[key] = stored.get(key) ?? '';
  return settings;
}
