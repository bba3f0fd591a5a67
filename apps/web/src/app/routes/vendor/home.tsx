import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { safeHref } from '@parade/core/safe-link-rules';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { type Slide, SlideCarousel } from '@/features/content/components/slide-carousel';
import { useShop } from '@/features/shops/api/get-shop';
import { useShopData } from '@/features/shops/api/get-shop-data';
import { getShopProductsQueryOptions, useShopProducts } from '@/features/shops/api/get-shop-products';
import { paths } from '@/lib/paths';
import { preload } from '@/lib/preload';
import { DEFAULT_SORT, type ProductListParams } from '@/lib/product-list-params';

const newest: ProductListParams = { sort: DEFAULT_SORT, page: 1 };

export const loader = ({ params }: LoaderFunctionArgs) =>
  preload(getShopProductsQueryOptions(params.slug ?? '', newest));

/** /vendor/{slug}: the shop's slides, about, categories and brands, and what is new. */
export function Component() {
  const slug = useParams().slug ?? '';
  const shop = useShop(slug);
  const data = useShopData(slug);
  const products = useShopProducts(slug, newest);
  const slides: Slide[] = (shop.data?.slide.items ?? []).map((item, index) => ({
    key: index,
    image: item.image,
    mobileImage: item.mobile_image,
    alt: [item.title, item.caption].filter(Boolean).join('. '),
    link: safeHref(item.action_link),
  }));

  return (
    <Stack gap={40}>
      <SlideCarousel
        slides={slides}
        label={`${shop.data?.name ?? 'Shop'} highlights`}
        width={1600}
        height={500}
        // The shop page's largest paint on a phone: fetched first, not lazily.
        eagerFirst
      />

      {shop.data?.description && (
        <Box component="section" aria-labelledby="shop-about">
          <Title order={2} size="h3" id="shop-about" mb="xs">
            About the shop
          </Title>
          <Text maw={760}>{shop.data.description}</Text>
        </Box>
      )}

      {data.data && data.data.categories.length > 0 && (
        <Box component="section" aria-labelledby="shop-categories">
          <Title order={2} size="h3" id="shop-categories" mb="sm">
            Categories
          </Title>
          <Group gap="xs">
            {data.data.categories.map((category) => (
              <Button
                key={category.id}
                component={Link}
                to={paths.vendorProducts(slug, { category: category.slug })}
                variant="default"
                radius="xl"
                h={44}
              >
                {category.name}
              </Button>
            ))}
          </Group>
        </Box>
      )}

      {data.data && data.data.brands.length > 0 && (
        <Box component="section" aria-labelledby="shop-brands">
          <Title order={2} size="h3" id="shop-brands" mb="sm">
            Brands
          </Title>
          <Group gap="xs">
            {data.data.brands.map((brand) => (
              <Button
                key={brand.id}
                component={Link}
                to={paths.vendorProducts(slug, { brand: brand.slug })}
                variant="subtle"
                color="secondary"
                radius="xl"
                h={44}
              >
                {brand.name}
              </Button>
            ))}
          </Group>
        </Box>
      )}

      <Box component="section" aria-labelledby="shop-new" data-testid="shop-home-products">
        <Group justify="space-between" align="baseline" mb="md">
          <Title order={2} size="h3" id="shop-new">
            New in
          </Title>
          <Button component={Link} to={paths.vendorProducts(slug)} variant="subtle" preventScrollReset>
            All products
          </Button>
        </Group>
        {products.isPending ? (
          <ProductGridSkeleton count={5} />
        ) : products.isError ? (
          <ErrorState message={products.error.message} onRetry={() => products.refetch()} />
        ) : products.data.products.data.length === 0 ? (
          <NothingHere title="No products yet" description="This shop is still stocking its shelves." />
        ) : (
          <ProductGrid products={products.data.products.data.slice(0, 12)} label="New in" />
        )}
      </Box>
    </Stack>
  );
}
