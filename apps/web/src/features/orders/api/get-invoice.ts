import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

const invoicePayloadReply = lazySchema(() => import('@parade/core/order-schemas').then((m) => m.invoicePayloadSchema));

export const invoiceQueryKey = (userId: number | null, number: string) => userQueryKey(userId, 'invoice', number);

export const getInvoice = (number: string, signal?: AbortSignal) =>
  apiData(`user/invoice/${encodeURIComponent(number)}`, { signal, schema: invoicePayloadReply });

export const getInvoiceQueryOptions = (userId: number | null, number: string) =>
  queryOptions({
    queryKey: invoiceQueryKey(userId, number),
    queryFn: ({ signal }) => getInvoice(number, signal),
    enabled: userId !== null && number !== '',
    // Someone else's invoice answers 404, and asking again will not change that.
    retry: false,
  });

/**
 * One of the signed-in customer's invoices with its orders. `pollUntilPaid` asks again every
 * two seconds, for a minute at most, while a card payment is unpaid (the webhook has not
 * confirmed it yet); cash stays unpaid until the shop is paid, so it is never polled.
 */
export const useInvoice = (number: string, { pollUntilPaid = false }: { pollUntilPaid?: boolean } = {}) =>
  useQuery({
    ...getInvoiceQueryOptions(useCurrentUserId(), number),
    refetchInterval: (query) =>
      pollUntilPaid &&
      query.state.data?.invoice.payment_method === 'card' &&
      query.state.data.invoice.payment_status === 'unpaid' &&
      query.state.dataUpdateCount < 30
        ? 2000
        : false,
  });
