import type { AdminSettings, AdminSettingsUpdate } from '@parade/core/admin-schemas';
import { messages } from '@parade/core/messages';
import type { DbOrTx } from '../db/client';
import { AppError } from '../lib/errors';
import { updateAdminSettings } from '../modules/content';
import { type Geocoder, GeocoderUnavailableError } from '../modules/location';

export const BASE_POSTCODE_UNKNOWN =
  'This postcode could not be found, and every delivery distance is measured from it.';

/**
 * PUT admin/settings. A new base postcode (setting `postcode`) is asked of the geocoder before
 * anything is saved: every delivery distance is measured from it, so a postcode the geocoder
 * cannot place turned every delivery check and every delivery checkout into a 503 until someone
 * noticed (an outside audit, 2026-11-28). Unknown: 422 `postcode_invalid` under `postcode`; the
 * geocoder unreachable: 503; either way nothing changes.
 */
export async function updateSiteSettings(
  db: DbOrTx,
  geocoder: Geocoder,
  changes: AdminSettingsUpdate,
): Promise<AdminSettings> {
  if (changes.postcode !== undefined) {
    let found: Awaited<ReturnType<Geocoder['lookup']>>;
    try {
      found = await geocoder.lookup(changes.postcode);
    } catch (error) {
      if (error instanceof GeocoderUnavailableError)
        throw new AppError(503, messages.genericError, {}, 'service_unavailable');
      throw error;
    }
    if (!found)
      throw new AppError(422, BASE_POSTCODE_UNKNOWN, { postcode: [BASE_POSTCODE_UNKNOWN] }, 'postcode_invalid');
  }
  return updateAdminSettings(db, changes);
}
