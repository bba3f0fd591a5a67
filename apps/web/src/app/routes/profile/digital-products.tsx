import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { DigitalProductList } from '@/features/digital-products/components/digital-product-list';

/** /profile/digital-products: the digital items of the customer's paid orders, to download. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <Stack gap="md">
      <PageMeta title="Digital products" description="Download the e-books and other digital items you bought." />
      <Title order={2}>Digital products</Title>
      <DigitalProductList page={page} onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
    </Stack>
  );
}
