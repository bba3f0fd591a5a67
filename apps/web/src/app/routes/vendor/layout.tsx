import { Box, Button, Container, Group, Skeleton, Stack, Title } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { Link, type LoaderFunctionArgs, NavLink, Outlet, useParams } from 'react-router';
import { ProductCardActionProvider } from '@/components/product/product-card-action';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { FavouriteButton } from '@/features/reviews/components/favourite-button';
import { getShopQueryOptions, useShop } from '@/features/shops/api/get-shop';
import { getShopDataQueryOptions, useShopData } from '@/features/shops/api/get-shop-data';
import { HolidayNotice } from '@/features/shops/components/holiday-notice';
import { ShopHeader } from '@/features/shops/components/shop-header';
import { paths } from '@/lib/paths';
import { preload } from '@/lib/preload';
import { AddToCartButton } from '../../components/add-to-cart-button';
import classes from './layout.module.css';

export const loader = ({ params }: LoaderFunctionArgs) =>
  preload(getShopQueryOptions(params.slug ?? ''), getShopDataQueryOptions(params.slug ?? ''));

/** /vendor/{slug}: the shop's header and its sections (home, products, featured, offers, QR offers; and My Offer from a scan). */
export function Component() {
  const slug = useParams().slug ?? '';
  const shop = useShop(slug);
  const data = useShopData(slug);

  if (shop.isPending)
    return (
      <Box aria-hidden data-testid="shop-loading">
        <Skeleton style={{ aspectRatio: '1600 / 500', maxHeight: 320 }} radius={0} />
        <Container size="xl" py="md">
          <Skeleton height={32} width="40%" />
        </Container>
      </Box>
    );
  if (shop.isError)
    return (
      <Container size="md" py="xl">
        <PageMeta title="Shop not found" noIndex />
        {shop.error instanceof ApiError && shop.error.status === 404 ? (
          <>
            <Title order={1}>Shop not found</Title>
            <NothingHere
              title="We could not find that shop"
              action={
                <Button component={Link} to={paths.vendors()}>
                  See all shops
                </Button>
              }
            />
          </>
        ) : (
          <ErrorState message={shop.error.message} onRetry={() => shop.refetch()} />
        )}
      </Container>
    );

  const onHoliday = shop.data.holiday_mode === true;
  const tabs = [
    { to: paths.vendor(slug), label: 'Home', end: true },
    { to: paths.vendorProducts(slug), label: 'Products', end: false },
    { to: paths.vendorFeatured(slug), label: 'Featured', end: false },
    { to: paths.vendorOffers(slug), label: 'Offers', end: false },
    { to: paths.vendorQrOffers(slug), label: 'QR offers', end: false },
  ];
  return (
    <>
      <PageMeta
        title={shop.data.name}
        description={shop.data.tagline ?? shop.data.description}
        image={shop.data.banner?.url ?? shop.data.logo?.url}
        structuredData={[{ kind: 'shop', shop: shop.data }]}
      />
      <ShopHeader
        shop={shop.data}
        data={data.data}
        actions={<FavouriteButton kind="shop" id={shop.data.id} name={shop.data.name} variant="button" />}
      />
      <Container size="xl">
        {onHoliday && (
          <Box mt="md">
            <HolidayNotice shop={shop.data} />
          </Box>
        )}
        <Box component="nav" aria-label={`${shop.data.name} sections`} className={classes.tabs}>
          <Group gap={0} component="ul" className={classes.tabList} wrap="nowrap">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink to={tab.to} end={tab.end} className={classes.tab} preventScrollReset>
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </Group>
        </Box>
        <Stack py="lg">
          {/* While the shop is on holiday its cards say why they cannot be added. */}
          <ProductCardActionProvider
            render={(product) => (
              <AddToCartButton product={product} onHoliday={onHoliday && product.shop.id === shop.data.id} />
            )}
          >
            <Outlet />
          </ProductCardActionProvider>
        </Stack>
      </Container>
    </>
  );
}
