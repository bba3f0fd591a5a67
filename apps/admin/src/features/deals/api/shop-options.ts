import { adminShopSchema } from '@parade/core/admin-schemas';
import { paginated } from '@parade/core/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** GET admin/shops?search&sort=name: the shops a deal can be at, 20 at a time by name (the picker searches). */
export function useShopOptions(search: string) {
  return useQuery({
    queryKey: ['admin', 'shops', 'options', search],
    queryFn: ({ signal }) =>
      apiData('admin/shops', paginated(adminShopSchema), {
        query: { search: search.trim(), sort: 'name', per_page: 20 },
        signal,
      }),
    select: (page) => page.data.map((shop) => ({ value: String(shop.id), label: shop.name })),
    placeholderData: keepPreviousData,
  });
}
