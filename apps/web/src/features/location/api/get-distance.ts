import { deliveryCheckSchema } from '@parade/core/location-schemas';
import { apiData } from '@/lib/api-client';

export interface DeliveryCheck {
  postcode: string;
  allowed: boolean;
  distance_miles: number;
  radius_miles: number;
}

export const getDistance = (postcode: string, signal?: AbortSignal) =>
  apiData('get-distance', { schema: deliveryCheckSchema, query: { postcode, raw: 0 }, signal });
