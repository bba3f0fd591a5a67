import { Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { gridColumns, ProductGrid } from '@/components/product/product-grid';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState } from '@/components/ui/states';
import { useFavourites } from '@/features/reviews/api/favourites';
import { FavouriteButton } from '@/features/reviews/components/favourite-button';
import { ShopCard } from '@/features/shops/components/shop-card';
import { paths } from '@/lib/paths';

/** /profile/favourites: the products and shops the customer keeps, newest kept first. */
export function Component() {
  const favourites = useFavourites();
  return (
    <Stack gap="lg">
      <PageMeta title="Favourites" description="The products and shops you keep." />
      <Title order={2}>Favourites</Title>
      {favourites.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your favourites">
          <Skeleton height={220} />
        </Stack>
      ) : favourites.isError ? (
        <ErrorState message={favourites.error.message} onRetry={() => favourites.refetch()} />
      ) : favourites.data.products.length === 0 && favourites.data.shops.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <IconHeart size={44} aria-hidden />
          <Text>Nothing saved yet. Press the heart on a product or a shop to keep it here.</Text>
          <Button component={Link} to={paths.products()}>
            Browse products
          </Button>
        </Stack>
      ) : (
        <>
          <Stack gap="sm" component="section" aria-labelledby="favourite-products">
            <Title order={3} id="favourite-products">
              Products
            </Title>
            {favourites.data.products.length === 0 ? (
              <Text c="dimmed">No products saved.</Text>
            ) : (
              <ProductGrid
                products={favourites.data.products}
                label="Favourite products"
                headingLevel={4}
                columns={gridColumns.besideFilters}
              />
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="favourite-shops">
            <Title order={3} id="favourite-shops">
              Shops
            </Title>
            {favourites.data.shops.length === 0 ? (
              <Text c="dimmed">No shops saved.</Text>
            ) : (
              <SimpleGrid
                cols={{ base: 1, sm: 2 }}
                spacing="md"
                component="ul"
                style={{ listStyle: 'none', padding: 0 }}
              >
                {favourites.data.shops.map((shop) => (
                  <Stack key={shop.id} component="li" gap="xs">
                    <ShopCard shop={shop} />
                    <FavouriteButton kind="shop" id={shop.id} name={shop.name} variant="button" />
                  </Stack>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
