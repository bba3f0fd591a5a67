import { Card, SimpleGrid, Skeleton } from '@mantine/core';
import type { ProductCard as ProductCardData } from '@parade/core/catalog-dto';
import { placeholderKeys } from '@/components/ui/states';
import { ProductCard } from './product-card';

type Columns = Partial<Record<'base' | 'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;

/** Full-width rows; `besideFilters` for a list that shares the width with a filter column. */
export const gridColumns = {
  fullWidth: { base: 2, xs: 3, sm: 4, lg: 6 },
  besideFilters: { base: 2, xs: 3, lg: 4 },
} satisfies Record<string, Columns>;

/** Product cards in a responsive grid: two across on a phone. */
export function ProductGrid({
  products,
  label,
  headingLevel,
  columns = gridColumns.fullWidth,
  eagerImages = 0,
}: {
  products: ProductCardData[];
  label?: string;
  headingLevel?: 2 | 3 | 4;
  columns?: Columns;
  /** How many leading cards are above the fold (the page's largest paint): their pictures load at once. */
  eagerImages?: number;
}) {
  return (
    <SimpleGrid
      cols={columns}
      spacing={{ base: 'sm', sm: 'md' }}
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={headingLevel} eager={index < eagerImages} />
        </li>
      ))}
    </SimpleGrid>
  );
}

export function ProductGridSkeleton({
  count = 10,
  columns = gridColumns.fullWidth,
}: {
  count?: number;
  columns?: Columns;
}) {
  return (
    <SimpleGrid cols={columns} spacing={{ base: 'sm', sm: 'md' }} aria-hidden data-testid="product-grid-loading">
      {placeholderKeys(count).map((key) => (
        <Card key={key} withBorder padding="sm">
          <Card.Section>
            <Skeleton style={{ aspectRatio: '1 / 1' }} radius={0} />
          </Card.Section>
          <Skeleton height={14} mt="sm" />
          <Skeleton height={14} mt={6} width="70%" />
          <Skeleton height={12} mt={10} width="50%" />
          <Skeleton height={18} mt={10} width="40%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
