import { normalisePostcode } from '@parade/core/postcode';
import { useQueries } from '@tanstack/react-query';
import { type DeliveryCheck, getDistance } from './get-distance';

/** What the checkout knows about an address's postcode: still asking, in the area, outside it, or unknown. */
export type PostcodeCheck =
  | { state: 'checking' }
  | { state: 'allowed'; check: DeliveryCheck }
  | { state: 'too-far'; check: DeliveryCheck }
  | { state: 'failed'; message: string };

/**
 * The delivery check of each postcode, asked once per postcode and kept for ten minutes (the
 * radius and the shop's place change rarely; the server checks again when the order is placed).
 */
export function useDeliveryChecks(postcodes: string[]): Map<string, PostcodeCheck> {
  const unique = [...new Set(postcodes.map(normalisePostcode))];
  const results = useQueries({
    queries: unique.map((postcode) => ({
      queryKey: ['delivery-check', postcode],
      queryFn: ({ signal }: { signal: AbortSignal }) => getDistance(postcode, signal),
      staleTime: 10 * 60_000,
      retry: 1,
    })),
  });
  const checks = new Map<string, PostcodeCheck>();
  unique.forEach((postcode, i) => {
    const result = results[i];
    if (!result || result.isPending) checks.set(postcode, { state: 'checking' });
    else if (result.isError) checks.set(postcode, { state: 'failed', message: result.error.message });
    else checks.set(postcode, { state: result.data.allowed ? 'allowed' : 'too-far', check: result.data });
  });
  return checks;
}
