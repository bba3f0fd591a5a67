import { Anchor, Box, Breadcrumbs, Button, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProductCard, ProductPage } from '@parade/core/catalog-dto';
import { ApiError } from '@parade/ui/api-errors';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { AfterHydration } from '@/components/layout/after-hydration';
import { ProductCardActionProvider } from '@/components/product/product-card-action';
import { ProductGrid } from '@/components/product/product-grid';
import { PageMeta } from '@/components/ui/page-meta';
import { Price } from '@/components/ui/price';
import { StarRating } from '@/components/ui/star-rating';
import { ErrorState, NothingHere, TextSkeleton } from '@/components/ui/states';
import { useProduct } from '@/features/catalog/api/get-product';
import { ProductGallery } from '@/features/catalog/components/product-gallery';
import { StockState } from '@/features/catalog/components/stock-state';
import { VariationPicker } from '@/features/catalog/components/variation-picker';
import { useRecentlyViewed } from '@/features/catalog/stores/recently-viewed';
import { getProductReviewsQueryOptions } from '@/features/reviews/api/product-reviews';
import { FavouriteButton } from '@/features/reviews/components/favourite-button';
import { ProductReviews, REVIEWS_SECTION_ID } from '@/features/reviews/components/product-reviews';
import { HolidayNotice } from '@/features/shops/components/holiday-notice';
import { paths } from '@/lib/paths';
import { AddToCartButton } from '../components/add-to-cart-button';
import { ProductPurchase } from '../components/product-purchase';
import { addressOf } from './loaders';

const HOLIDAY_NOTICE_ID = 'shop-holiday-notice';

/** The product page as a card, for the recently opened list. */
function toCard(page: ProductPage): ProductCard {
  const { product, variation } = page;
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    type: product.type,
    price: variation.price,
    compare_at_price: variation.compare_at_price,
    thumbnail: variation.thumbnail ?? variation.images[0]?.url ?? null,
    shop: {
      id: product.shop.id,
      name: product.shop.name,
      slug: product.shop.slug,
      holiday_mode: product.shop.holiday_mode,
    },
    brand: product.brand,
    variation: {
      id: variation.id,
      name: variation.name,
      slug: variation.slug,
      full_name: variation.full_name,
      price: variation.price,
      stock: variation.stock,
    },
    rating: { average: page.rating.average, count: page.rating.count },
  };
}

function ProductDetail({ page }: { page: ProductPage }) {
  const { product, variation, variations, related } = page;
  // biome-ignore lint/correctness/useExhaustiveDependencies: remember each product and variation opened, once
  useEffect(() => useRecentlyViewed.getState().remember(toCard(page)), [product.id, variation.id]);

  const images =
    variation.images.length > 0 ? variation.images : variation.thumbnail ? [{ url: variation.thumbnail }] : [];
  // Related and recent cards of this shop, while it is on holiday, say why they cannot be added.
  const renderCardAction = (card: ProductCard) => (
    <AddToCartButton product={card} onHoliday={product.shop.holiday_mode && card.shop.id === product.shop.id} />
  );
  return (
    <ProductCardActionProvider render={renderCardAction}>
      <Stack gap={48}>
        <Grid gap={{ base: 'lg', md: 48 }}>
          <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
            <ProductGallery images={images} name={variation.full_name} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 7 }}>
            <Stack gap="md">
              <Box>
                {product.brand && (
                  <Anchor component={Link} to={paths.products({ brand: product.brand.slug })} size="sm" fw={600}>
                    {product.brand.name}
                  </Anchor>
                )}
                <Title order={1} size="h2" data-testid="product-title">
                  {product.name}
                </Title>
                <Text c="dimmed" data-testid="variation-name">
                  {variation.full_name}
                </Text>
                {page.rating.count > 0 && (
                  <Anchor href={`#${REVIEWS_SECTION_ID}`} underline="never" c="inherit" mt={4} display="inline-block">
                    <StarRating rating={page.rating} size={16} />
                  </Anchor>
                )}
              </Box>
              <Group gap="md" align="center">
                <Price
                  pence={variation.price}
                  compareAt={variation.compare_at_price}
                  size="xl"
                  data-testid="product-price"
                />
                <StockState stock={variation.stock} type={product.type} />
              </Group>
              <VariationPicker
                variations={variations}
                current={variation}
                hrefFor={(v) => paths.product(product.shop.slug, product.slug, v.slug)}
              />
              <HolidayNotice shop={product.shop} id={HOLIDAY_NOTICE_ID} />
              <ProductPurchase page={page} describedBy={HOLIDAY_NOTICE_ID} />
              {product.description && <Text>{product.description}</Text>}
              <Group gap="sm">
                <Button
                  component={Link}
                  to={paths.vendor(product.shop.slug)}
                  variant="light"
                  color="secondary"
                  size="md"
                  leftSection={<IconBuildingStore size={18} aria-hidden />}
                >
                  Visit {product.shop.name}
                </Button>
                <FavouriteButton kind="product" id={product.id} name={product.name} variant="button" />
              </Group>
              {variation.sku && (
                <Text size="xs" c="dimmed">
                  SKU {variation.sku}
                </Text>
              )}
            </Stack>
          </Grid.Col>
        </Grid>

        <ProductReviews productId={product.id} rating={page.rating} />

        {related.length > 0 && (
          <Box component="section" aria-labelledby="related-title" data-testid="related-products">
            <Title order={2} size="h3" mb="md" id="related-title">
              You may also like
            </Title>
            <ProductGrid products={related.slice(0, 10)} label="Related products" />
          </Box>
        )}

        <AfterHydration>
          <RecentlyViewed exclude={product.id} />
        </AfterHydration>
      </Stack>
    </ProductCardActionProvider>
  );
}

/**
 * The products this browser opened before (kept in its local storage), so drawn by the browser
 * only, after hydration: the server cannot know them. It reads only the others, compared item by
 * item, so opening this page (which moves it to the front of the list) draws nothing again; a
 * store's change is a synchronous redraw, and this page's was the whole page's (decision 040).
 */
function RecentlyViewed({ exclude }: { exclude: number }) {
  const recent = useRecentlyViewed(useShallow((state) => state.items.filter((item) => item.id !== exclude)));
  if (recent.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="recent-title" data-testid="recently-viewed">
      <Title order={2} size="h3" mb="md" id="recent-title">
        Recently viewed
      </Title>
      <ProductGrid products={recent} label="Recently viewed products" />
    </Box>
  );
}

function ProductSkeleton() {
  return (
    <Grid gap={{ base: 'lg', md: 48 }} aria-hidden data-testid="product-loading">
      <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
        <Skeleton style={{ aspectRatio: '1 / 1' }} radius="lg" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 7 }}>
        <Skeleton height={32} width="70%" mb="md" />
        <Skeleton height={24} width="30%" mb="lg" />
        <TextSkeleton lines={4} />
      </Grid.Col>
    </Grid>
  );
}

/** /{vendor}/product/{product}/{variation} */
export function Component() {
  const address = addressOf(useParams());
  const query = useProduct(address);
  const page = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // The first page of reviews, when the loader has it (the server's render): for the JSON-LD.
  const firstReviews = useQueryClient().getQueryData(
    getProductReviewsQueryOptions(page?.product.id ?? 0).queryKey,
  )?.data;

  return (
    <Container size="xl" py="lg">
      <PageMeta
        title={
          page
            ? `${page.variation.full_name} from ${page.product.shop.name}`
            : notFound
              ? 'Product not found'
              : 'Product'
        }
        description={page?.product.description}
        image={page ? (page.variation.images[0]?.url ?? page.variation.thumbnail) : undefined}
        type={page ? 'product' : undefined}
        structuredData={
          page
            ? [
                { kind: 'product', page, reviews: firstReviews },
                { kind: 'product-breadcrumb', page },
              ]
            : undefined
        }
        noIndex={notFound}
      />
      {page && (
        <Box component="nav" aria-label="Breadcrumb" mb="lg">
          <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
            <Anchor component={Link} to={paths.home()} size="sm">
              Home
            </Anchor>
            <Anchor component={Link} to={paths.products()} size="sm">
              Products
            </Anchor>
            {page.product.category && (
              <Anchor component={Link} to={paths.products({ category: page.product.category.slug })} size="sm">
                {page.product.category.name}
              </Anchor>
            )}
            {page.product.category && page.product.sub_category && (
              <Anchor
                component={Link}
                to={paths.products({ category: page.product.category.slug, sub: page.product.sub_category.slug })}
                size="sm"
              >
                {page.product.sub_category.name}
              </Anchor>
            )}
            <Text size="sm" aria-current="page">
              {page.product.name}
            </Text>
          </Breadcrumbs>
        </Box>
      )}
      {query.isPending ? (
        <ProductSkeleton />
      ) : notFound ? (
        <>
          <Title order={1}>Product not found</Title>
          <NothingHere
            title="This product is not on the parade any more"
            description="It may have sold out for good or moved. Have a look at what else is in."
            action={
              <Button component={Link} to={paths.products()}>
                Browse products
              </Button>
            }
          />
        </>
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        page && <ProductDetail page={page} />
      )}
    </Container>
  );
}
