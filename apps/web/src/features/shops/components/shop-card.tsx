import { Card, Stack, Text, Title } from '@mantine/core';
import type { ShopCard as ShopCardData } from '@parade/core/catalog-dto';
import { Link } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { StarRating } from '@/components/ui/star-rating';
import { paths } from '@/lib/paths';
import classes from './shop-card.module.css';

/** A shop in the vendor list: banner (which carries the shop's mark), name, tagline, rating, address and product count. */
export function ShopCard({ shop }: { shop: ShopCardData }) {
  return (
    <Card component="article" withBorder padding="md" className={classes.card} data-testid="shop-card">
      <Card.Section>
        <LazyImage src={shop.banner?.url} alt="" width={1600} height={500} />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Title order={2} size="h4">
          <Link to={paths.vendor(shop.slug)} className={classes.link}>
            {shop.name}
          </Link>
        </Title>
        {shop.tagline && (
          <Text size="sm" lineClamp={2}>
            {shop.tagline}
          </Text>
        )}
        {shop.rating && <StarRating rating={shop.rating} />}
        <Text size="sm" c="dimmed">
          {shop.address}, {shop.postcode}
        </Text>
        <Text size="sm" fw={600}>
          {shop.product_count} {shop.product_count === 1 ? 'product' : 'products'}
        </Text>
      </Stack>
    </Card>
  );
}
