/** Where a postcode is. Providers: the bundled demo gazetteer (offline) and postcodes.io. */
export interface PostcodeLocation {
  postcode: string;
  latitude: number;
  longitude: number;
  /** Area name for display, e.g. "Whitechapel, Tower Hamlets". */
  area: string;
}

export interface Geocoder {
  readonly name: string;
  /** Full postcodes starting with the given text, best first, at most `limit`. */
  autocomplete(partial: string, limit: number, signal?: AbortSignal): Promise<PostcodeLocation[]>;
  /** The location of a full postcode, or null when the provider does not know it. */
  lookup(postcode: string, signal?: AbortSignal): Promise<PostcodeLocation | null>;
}

/** Thrown when the provider itself fails (network, 5xx): the shopper sees 'SOMETHING WENT WRONG'. */
export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailableError';
  }
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles (haversine). */
export function distanceInMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
