import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { ReviewsTable } from '@/features/reviews/components/reviews-table';
import { useShops } from '@/features/shops/api/get-shops';

/** Every shop's reviews: the platform hides one that breaks the rules (its author is told why) and may show it again. */
export function Component() {
  const shops = useShops({ per_page: '100', sort: 'name' } as never);
  return (
    <Stack gap="md">
      <PageHeader
        title="Reviews"
        description="Every review on Parade, newest first. Hide one that breaks the rules: it leaves the product page and the ratings, and its author is mailed your reason."
      />
      <ReviewsTable
        area="admin"
        shops={(shops.data?.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }))}
      />
    </Stack>
  );
}
