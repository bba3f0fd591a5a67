import {
  Anchor,
  Avatar,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { HomeData, Slider } from '@parade/core/catalog-dto';
import { safeHref } from '@parade/core/safe-link-rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '@/components/product/product-grid';
import { LazyImage } from '@/components/ui/lazy-image';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, placeholderKeys } from '@/components/ui/states';
import { useHome } from '@/features/content/api/get-home';
import { type Slide, SlideCarousel } from '@/features/content/components/slide-carousel';
import { paths } from '@/lib/paths';
import classes from './home.module.css';

const toSlides = (sliders: Slider[], type: Slider['type']): Slide[] =>
  sliders
    .filter((slider) => slider.type === type)
    .map((slider) => ({
      key: slider.id,
      image: slider.image,
      mobileImage: slider.mobile_image,
      alt: [slider.title, slider.caption].filter(Boolean).join('. '),
      link: safeHref(slider.link),
    }));

function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Box>
  );
}

function HomeContent({ home }: { home: HomeData }) {
  const mainSlides = toSlides(home.sliders, 'home_page_slide');
  const dealSlides = toSlides(home.sliders, 'deals_slides');
  const banners = toSlides(home.sliders, 'home_banner');
  const categories = home.category_with_children.length > 0 ? home.category_with_children : home.categories;
  return (
    <Stack gap={40}>
      <SlideCarousel slides={mainSlides} label="Featured" width={1600} height={500} eagerFirst />

      <Section
        title="Shop by category"
        testId="home-categories"
        action={
          <Anchor component={Link} to={paths.products()}>
            All products
          </Anchor>
        }
      >
        <SimpleGrid cols={{ base: 3, xs: 4, sm: 5, md: 9 }} spacing="sm" component="ul" className={classes.plainList}>
          {categories.map((category) => (
            <li key={category.id}>
              <Link to={paths.products({ category: category.slug })} className={classes.tile}>
                <LazyImage src={category.image} alt="" width={600} height={600} radius="md" />
                <Text size="sm" fw={600} ta="center" mt={6} lineClamp={2}>
                  {category.name}
                </Text>
              </Link>
            </li>
          ))}
        </SimpleGrid>
      </Section>

      {dealSlides.length > 0 && (
        <Section
          title="Deals this week"
          action={
            <Anchor component={Link} to={paths.ubmOffers()}>
              All UBM Deals
            </Anchor>
          }
        >
          <SlideCarousel
            slides={dealSlides}
            label="Deals"
            width={1600}
            height={500}
            slideSize={{ base: '100%', md: '50%' }}
          />
        </Section>
      )}

      {home.products.length > 0 && (
        <Section
          title="New on the parade"
          testId="home-products"
          action={
            <Anchor component={Link} to={paths.products()}>
              See all
            </Anchor>
          }
        >
          <ProductGrid products={home.products} label="New products" />
        </Section>
      )}

      {banners.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: banners.length > 1 ? 2 : 1 }} spacing="md">
          {banners.map((banner, index) => (
            <SlideCarousel
              key={banner.key}
              slides={[banner]}
              label={`Promotion ${index + 1}`}
              width={1600}
              height={500}
            />
          ))}
        </SimpleGrid>
      )}

      {home.popular_products.length > 0 && (
        <Section
          title="Popular right now"
          testId="home-popular"
          action={
            <Anchor component={Link} to={paths.products({ sort: 'sortBestSelling' })}>
              Best sellers
            </Anchor>
          }
        >
          <ProductGrid products={home.popular_products} label="Popular products" />
        </Section>
      )}

      {home.vendors.length > 0 && (
        <Section
          title="Our shops"
          testId="home-vendors"
          action={
            <Anchor component={Link} to={paths.vendors()}>
              All shops
            </Anchor>
          }
        >
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 8 }} spacing="sm" component="ul" className={classes.plainList}>
            {home.vendors.map((vendor) => (
              <li key={vendor.id}>
                <Card
                  component={Link}
                  to={paths.vendor(vendor.slug)}
                  withBorder
                  padding="sm"
                  className={classes.vendor}
                >
                  <Avatar
                    src={vendor.logo?.url}
                    alt=""
                    size={72}
                    radius="md"
                    mx="auto"
                    imageProps={{ loading: 'lazy', width: 72, height: 72 }}
                  >
                    {vendor.name.charAt(0).toUpperCase()}
                  </Avatar>
                  <Text size="sm" fw={600} ta="center" mt="xs" lineClamp={2}>
                    {vendor.name}
                  </Text>
                </Card>
              </li>
            ))}
          </SimpleGrid>
        </Section>
      )}

      {home.brands.length > 0 && (
        <Section title="Brands">
          <Spoiler
            maxHeight={150}
            showLabel="Show all brands"
            hideLabel="Show fewer brands"
            classNames={{ control: classes.spoilerControl }}
          >
            <Group gap="xs" component="ul" className={classes.plainList}>
              {home.brands.map((brand) => (
                <li key={brand.id}>
                  <Button
                    component={Link}
                    to={paths.products({ brand: brand.slug })}
                    variant="default"
                    radius="xl"
                    h={44}
                  >
                    {brand.name}
                  </Button>
                </li>
              ))}
            </Group>
          </Spoiler>
        </Section>
      )}
    </Stack>
  );
}

function HomeSkeleton() {
  return (
    <Stack gap={40} aria-hidden data-testid="home-loading">
      <Skeleton style={{ aspectRatio: '1600 / 500' }} radius="lg" />
      <SimpleGrid cols={{ base: 3, sm: 5, md: 9 }} spacing="sm">
        {placeholderKeys(9).map((key) => (
          <Skeleton key={key} style={{ aspectRatio: '1 / 1' }} />
        ))}
      </SimpleGrid>
      <ProductGridSkeleton count={10} />
    </Stack>
  );
}

export function Component() {
  const home = useHome();
  return (
    <Container size="xl" py="lg">
      <PageMeta
        structuredData={[{ kind: 'site' }]}
        description="Shop the independent shops of Jubilee Parade online: fresh food, groceries, hardware, chemist goods and books, for collection or delivery in East London."
      />
      <VisuallyHidden>
        <Title order={1}>Parade: your local parade of shops</Title>
      </VisuallyHidden>
      {home.isPending ? (
        <HomeSkeleton />
      ) : home.isError ? (
        <ErrorState message={home.error.message} onRetry={() => home.refetch()} />
      ) : (
        <HomeContent home={home.data} />
      )}
    </Container>
  );
}
