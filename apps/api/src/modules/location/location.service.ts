import { normalisePostcode } from '@parade/core/postcode';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { getSiteSettings } from '../content';
import { DemoGeocoder } from './demo-gazetteer';
import { distanceInMiles, type Geocoder, GeocoderUnavailableError, type PostcodeLocation } from './geocoder';
import { PostcodesIoGeocoder } from './postcodes-io';

export function createGeocoder(config: Pick<Config, 'geocoder' | 'postcodesIoUrl'>): Geocoder {
  return config.geocoder === 'postcodes.io' ? new PostcodesIoGeocoder(config.postcodesIoUrl) : new DemoGeocoder();
}

export interface DeliveryCheck {
  postcode: string;
  allowed: boolean;
  distance_miles: number;
  radius_miles: number;
}

const DEFAULT_RADIUS_MILES = 3;

/** The delivery_radius_miles setting; 0 means no delivery at all. Missing or not a number: the default. */
function radiusMiles(setting: string | undefined): number {
  const miles = Number(setting?.trim() || Number.NaN);
  return Number.isFinite(miles) && miles >= 0 ? miles : DEFAULT_RADIUS_MILES;
}

/** The marketplace's base (settings postcode), looked up once per postcode value. */
const baseCache = new WeakMap<Geocoder, Map<string, PostcodeLocation>>();
async function baseLocation(geocoder: Geocoder, postcode: string): Promise<PostcodeLocation> {
  const cache = baseCache.get(geocoder) ?? new Map<string, PostcodeLocation>();
  baseCache.set(geocoder, cache);
  const cached = cache.get(postcode);
  if (cached) return cached;
  const found = postcode ? await geocoder.lookup(postcode) : null;
  // A base the geocoder cannot place is a set-up fault, not the shopper's: answer as unavailable.
  if (!found) throw new GeocoderUnavailableError(`The marketplace postcode "${postcode}" could not be located`);
  cache.set(postcode, found);
  return found;
}

/**
 * Whether a postcode is within the delivery radius of the marketplace's base. Returns null
 * when the geocoder does not know the postcode.
 */
export async function checkDelivery(
  db: DbOrTx,
  geocoder: Geocoder,
  rawPostcode: string,
  options: { raw?: boolean } = {},
): Promise<DeliveryCheck | null> {
  const settings = await getSiteSettings(db);
  const radius = radiusMiles(settings.delivery_radius_miles);
  const base = await baseLocation(geocoder, normalisePostcode(settings.postcode ?? ''));
  const place = await geocoder.lookup(normalisePostcode(rawPostcode));
  if (!place) return null;
  const distance = distanceInMiles(base, place);
  return {
    postcode: place.postcode,
    allowed: distance <= radius,
    distance_miles: options.raw ? distance : Math.round(distance * 10) / 10,
    radius_miles: radius,
  };
}
