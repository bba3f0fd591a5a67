import { type Geocoder, GeocoderUnavailableError, type PostcodeLocation } from './geocoder';

interface PostcodesIoResult {
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  admin_ward?: string | null;
  admin_district?: string | null;
}

/**
 * A client for postcodes.io (https://postcodes.io/docs): `GET /postcodes/{postcode}`,
 * `GET /postcodes/{partial}/autocomplete` and bulk `POST /postcodes`.
 */
export class PostcodesIoGeocoder implements Geocoder {
  readonly name = 'postcodes.io';

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  private async call<T>(path: string, init: RequestInit = {}, signal?: AbortSignal): Promise<T | null> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl.replace(/\/$/, '')}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        // postcodes.io answers directly; a redirect (a moved or hijacked endpoint, a captive
        // portal) is never followed elsewhere: fetch fails, and the geocoder counts as unavailable.
        redirect: 'error',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new GeocoderUnavailableError('postcodes.io could not be reached', { cause: error });
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new GeocoderUnavailableError(`postcodes.io answered ${response.status}`);
    try {
      const body = (await response.json()) as { status: number; result: T | null };
      return body.result;
    } catch (error) {
      throw new GeocoderUnavailableError('postcodes.io answered with something that is not JSON', { cause: error });
    }
  }

  private toLocation(result: PostcodesIoResult): PostcodeLocation | null {
    if (result.latitude === null || result.longitude === null) return null;
    const area = [result.admin_ward, result.admin_district].filter(Boolean).join(', ');
    return { postcode: result.postcode, latitude: result.latitude, longitude: result.longitude, area };
  }

  async lookup(postcode: string, signal?: AbortSignal): Promise<PostcodeLocation | null> {
    const result = await this.call<PostcodesIoResult>(`/postcodes/${encodeURIComponent(postcode)}`, {}, signal);
    return result ? this.toLocation(result) : null;
  }

  async autocomplete(partial: string, limit: number, signal?: AbortSignal): Promise<PostcodeLocation[]> {
    const query = `?limit=${Math.min(limit, 100)}`;
    const postcodes = await this.call<string[]>(
      `/postcodes/${encodeURIComponent(partial)}/autocomplete${query}`,
      {},
      signal,
    );
    if (!postcodes || postcodes.length === 0) return [];
    const bulk = await this.call<{ query: string; result: PostcodesIoResult | null }[]>(
      '/postcodes',
      { method: 'POST', body: JSON.stringify({ postcodes }) },
      signal,
    );
    return (bulk ?? []).flatMap((entry) => {
      const location = entry.result ? this.toLocation(entry.result) : null;
      return location ? [location] : [];
    });
  }
}
