import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const deliveryCheckReply = lazySchema(() => import('@parade/core/location-schemas').then((m) => m.deliveryCheckSchema));

export interface DeliveryCheck {
  postcode: string;
  allowed: boolean;
  distance_miles: number;
  radius_miles: number;
}

export const getDistance = (postcode: string, signal?: AbortSignal) =>
  apiData('get-distance', { schema: deliveryCheckReply, query: { postcode, raw: 0 }, signal });
