import type { Paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

export interface OrderItem {
  id: number;
  full_name: string;
  type: 'Physical' | 'Digital';
  price: number;
  quantity: number;
  total: number;
  thumbnail: string | null;
}

export interface Order {
  id: number;
  invoice: { id: number; number: string };
  shop: { id: number; name: string; slug: string };
  order_type: 'collection' | 'delivery';
  status: string;
  payment_status: string;
  payment_method: 'cash' | 'card';
  subtotal: number;
  discount: number;
  reward_discount: number;
  total: number;
  created_at: string;
  items: OrderItem[];
}

export const getOrders = (page: number, signal?: AbortSignal) =>
  apiData<Paginated<Order>>('user/order', { query: { page }, signal });

export const getOrdersQueryOptions = (userId: number | null, page: number) =>
  queryOptions({
    queryKey: userQueryKey(userId, 'orders', page),
    queryFn: ({ signal }) => getOrders(page, signal),
    enabled: userId !== null,
    // The previous page stays on screen while the next loads, but never another user's orders.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === userId ? keepPreviousData(previous) : undefined,
  });

/** The signed-in customer's orders, one page at a time. */
export const useOrders = (page: number) => useQuery(getOrdersQueryOptions(useCurrentUserId(), page));
