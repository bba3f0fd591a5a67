import { Box, Text, Title } from '@mantine/core';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { useShop } from '@/features/shops/api/get-shop';
import { getShopProductsQueryOptions, useShopProducts } from '@/features/shops/api/get-shop-products';
import { preload } from '@/lib/preload';
import type { ProductListParams } from '@/lib/product-list-params';

// The API has no "featured" product filter; the shop's best sellers stand in for its featured range.
const bestSelling: ProductListParams = { sort: 'sortBestSelling', page: 1 };

export const loader = ({ params }: LoaderFunctionArgs) =>
  preload(getShopProductsQueryOptions(params.slug ?? '', bestSelling));

/** /vendor/{slug}/featured: what the shop sells most. */
export function Component() {
  const slug = useParams().slug ?? '';
  const shop = useShop(slug);
  const products = useShopProducts(slug, bestSelling);
  return (
    <Box component="section" aria-labelledby="featured-title" data-testid="shop-featured">
      <PageMeta
        title={`Featured at ${shop.data?.name ?? 'the shop'}`}
        description={shop.data?.tagline ?? undefined}
        image={shop.data?.banner?.url ?? shop.data?.logo?.url}
      />
      <Title order={2} id="featured-title">
        Featured
      </Title>
      <Text c="dimmed" mb="md">
        The shop's best sellers.
      </Text>
      {products.isPending ? (
        <ProductGridSkeleton count={10} />
      ) : products.isError ? (
        <ErrorState message={products.error.message} onRetry={() => products.refetch()} />
      ) : products.data.products.data.length === 0 ? (
        <NothingHere title="Nothing featured yet" />
      ) : (
        <ProductGrid products={products.data.products.data} label="Featured products" />
      )}
    </Box>
  );
}
