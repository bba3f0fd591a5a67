import type { BuyAgain } from '@parade/core/favourite-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

export type { BuyAgain };

const buyAgainReply = lazySchema(() => import('@parade/core/favourite-schemas').then((m) => m.buyAgainSchema));

/** POST user/order/{id}/buy-again: the order's still-listable lines at today's prices, and what was left out. */
export const useBuyAgain = () =>
  useMutation({
    mutationFn: (orderId: number) =>
      apiData(`user/order/${orderId}/buy-again`, { method: 'POST', schema: buyAgainReply }),
  });
