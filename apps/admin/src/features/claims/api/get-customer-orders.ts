import { paginated } from '@parade/core/envelope';
import { vendorOrderSchema } from '@parade/core/vendor-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/**
 * The orders a claim can be marked used against: this shop's orders of the claim's customer,
 * newest first. It reuses GET vendor/orders?search=<e-mail> (the shop comes from the token) rather
 * than a new call; that search matches e-mails by substring, so the list keeps only the orders of
 * exactly this customer. The newest 50 are plenty for "the order they are paying for now"
 * (docs/decisions/022-merchant-offers.md).
 */
export function useCustomerOrders(email: string | null) {
  return useQuery({
    queryKey: ['vendor', 'orders', 'for-customer', email],
    enabled: email !== null,
    queryFn: async ({ signal }) => {
      const page = await apiData('vendor/orders', paginated(vendorOrderSchema), {
        query: { search: email ?? '', per_page: 50, sort: '-created_at' },
        signal,
      });
      const wanted = (email ?? '').toLowerCase();
      return page.data.filter((order) => order.customer.email.toLowerCase() === wanted);
    },
  });
}
