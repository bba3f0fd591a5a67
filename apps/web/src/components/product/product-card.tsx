import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ProductCard as ProductCardData } from '@parade/core/catalog-dto';
import { Link } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { Price } from '@/components/ui/price';
import { StarRating } from '@/components/ui/star-rating';
import { paths } from '@/lib/paths';
import classes from './product-card.module.css';
import { useProductCardAction, useProductCardCorner } from './product-card-action';

/**
 * The one product card of the storefront (home, lists, shop pages, related products): square
 * image, name on at most two lines, shop name, price in bold. The whole card is the link.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  eager = false,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3 | 4;
  /** Above the fold: the picture loads at once (see ProductGrid's eagerImages). */
  eager?: boolean;
}) {
  const renderAction = useProductCardAction();
  const renderCorner = useProductCardCorner();
  const to = paths.product(product.shop.slug, product.slug, product.variation.slug);
  const soldOut = product.variation.stock === 0;
  const Heading = `h${headingLevel}` as const;
  return (
    <Card component="article" withBorder padding="sm" className={classes.card} data-testid="product-card">
      <Card.Section pos="relative">
        <LazyImage src={product.thumbnail} alt="" width={600} height={600} eager={eager} />
        {soldOut && (
          <Badge color="error" variant="filled" size="md" className={classes.soldOut}>
            Out of stock
          </Badge>
        )}
        {renderCorner && <div className={classes.corner}>{renderCorner(product)}</div>}
      </Card.Section>
      <Stack gap={4} mt="sm" className={classes.body}>
        <Heading className={classes.name}>
          <Link to={to} className={classes.link}>
            {product.name}
          </Link>
        </Heading>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {product.shop.name}
        </Text>
        {product.rating && <StarRating rating={product.rating} />}
        <Group gap={6} justify="space-between" align="baseline" mt="auto" wrap="nowrap">
          <Price pence={product.price} compareAt={product.compare_at_price} data-testid="card-price" />
          <Text size="xs" c="dimmed" lineClamp={1} ta="right">
            {product.variation.name}
          </Text>
        </Group>
        {renderAction && <div className={classes.action}>{renderAction(product)}</div>}
      </Stack>
    </Card>
  );
}
