import type { Paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

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

export const getOrders = (page: number) => apiData<Paginated<Order>>('user/order', { query: { page } });

export const getOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['orders', 'list', page],
    queryFn: () => getOrders(page),
    placeholderData: keepPreviousData,
  });

export const useOrders = (page: number) => useQuery(getOrdersQueryOptions(page));
