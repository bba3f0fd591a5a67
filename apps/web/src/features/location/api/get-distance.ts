import { apiData } from '@/lib/api-client';

export interface DeliveryCheck {
  postcode: string;
  allowed: boolean;
  distance_miles: number;
  radius_miles: number;
}

export const getDistance = (postcode: string, signal?: AbortSignal) =>
  apiData<DeliveryCheck>('get-distance', { query: { postcode, raw: 0 }, signal });
