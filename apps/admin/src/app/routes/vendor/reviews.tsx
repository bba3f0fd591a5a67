import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { ReviewsTable } from '@/features/reviews/components/reviews-table';

/** Customers' reviews of the shop's products, newest first: the shop replies once to each. */
export function Component() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Reviews"
        description="What customers wrote about your products after their orders were delivered. Reply once to each: your reply shows under the review on the product page, and the customer is mailed it."
      />
      <ReviewsTable area="vendor" />
    </Stack>
  );
}
