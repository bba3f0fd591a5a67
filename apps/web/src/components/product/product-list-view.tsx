import { Badge, Box, Button, CloseButton, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ProductList } from '@parade/core/catalog-dto';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import type { ProductListParams } from '@/lib/product-list-params';
import { PriceRangeFilter } from './price-range-filter';
import { gridColumns, ProductGrid, ProductGridSkeleton } from './product-grid';
import { ProductSortSelect } from './product-sort-select';

// The phone's filter drawer loads when first opened.
const FilterDrawer = lazy(async () => ({ default: (await import('./filter-drawer')).FilterDrawer }));

export interface ActiveFilter {
  key: string;
  label: string;
  remove: () => void;
}

/**
 * A filterable product list (/products and a shop's products): filters beside the list on
 * wide screens and in a drawer on phones, the count, the sort, the cards and the pages.
 */
export function ProductListView({
  title,
  headingLevel = 1,
  list,
  params,
  onChange,
  filterFields,
  activeFilters,
  onClearFilters,
  notice,
}: {
  title: string;
  headingLevel?: 1 | 2;
  list: UseQueryResult<ProductList>;
  params: ProductListParams;
  onChange: (changes: Partial<ProductListParams>) => void;
  /** Category, brand, shop... fields; the price range is added here. */
  filterFields: ReactNode;
  activeFilters: ActiveFilter[];
  onClearFilters: () => void;
  /** A line about the list shown above it, e.g. why a search in the URL was not run. */
  notice?: ReactNode;
}) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const drawerMounted = useOpenedOnce(drawerOpened);
  const priceRange = list.data?.price_range;
  const filters = (
    <Stack gap="lg">
      {filterFields}
      <PriceRangeFilter
        range={priceRange}
        minPrice={params.minPrice}
        maxPrice={params.maxPrice}
        onChange={(minPrice, maxPrice) => onChange({ minPrice, maxPrice })}
      />
      {activeFilters.length > 0 && (
        <Button variant="subtle" color="secondary" onClick={onClearFilters}>
          Clear all filters
        </Button>
      )}
    </Stack>
  );
  const total = list.data?.products.total;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
        <Paper component="aside" aria-label="Filters" withBorder p="md" radius="md" pos="sticky" top={140}>
          <Title order={2} size="h4" mb="md">
            Filters
          </Title>
          {filters}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" gap="sm">
            <Box>
              <Title order={headingLevel} size="h2" data-testid="product-list-title">
                {title}
              </Title>
              <Text c="dimmed" size="sm" aria-live="polite" data-testid="product-count">
                {total !== undefined
                  ? `${total} ${total === 1 ? 'product' : 'products'}`
                  : list.isError
                    ? 'The products did not load.'
                    : 'Loading products...'}
              </Text>
            </Box>
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <Button
                hiddenFrom="md"
                variant="default"
                size="md"
                leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                onClick={drawer.open}
                aria-haspopup="dialog"
              >
                Filters{activeFilters.length > 0 ? ` (${activeFilters.length})` : ''}
              </Button>
              <ProductSortSelect value={params.sort} onChange={(sort) => onChange({ sort })} />
            </Group>
          </Group>

          {activeFilters.length > 0 && (
            <Group
              gap="xs"
              component="ul"
              aria-label="Active filters"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {activeFilters.map((filter) => (
                <li key={filter.key}>
                  <Badge
                    size="lg"
                    variant="light"
                    color="secondary"
                    tt="none"
                    pr={0}
                    h={36}
                    rightSection={
                      <CloseButton size="md" aria-label={`Remove filter ${filter.label}`} onClick={filter.remove} />
                    }
                  >
                    {filter.label}
                  </Badge>
                </li>
              ))}
            </Group>
          )}

          {notice}

          <Box
            aria-busy={list.isFetching}
            style={{ opacity: list.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}
            data-testid="product-results"
          >
            {list.isPending ? (
              <ProductGridSkeleton columns={gridColumns.besideFilters} />
            ) : list.isError ? (
              <ErrorState message={list.error.message} onRetry={() => list.refetch()} />
            ) : list.data.products.data.length === 0 ? (
              <NothingHere
                title="No products match"
                description="Try another search, or fewer filters."
                action={
                  activeFilters.length > 0 ? (
                    <Button variant="light" onClick={onClearFilters}>
                      Clear all filters
                    </Button>
                  ) : undefined
                }
              />
            ) : (
              <ProductGrid
                products={list.data.products.data}
                label={title}
                headingLevel={headingLevel === 1 ? 2 : 3}
                columns={gridColumns.besideFilters}
                // A phone shows the first row (two cards) above the fold.
                eagerImages={2}
              />
            )}
          </Box>

          {list.data && (
            <Paging
              page={params.page}
              total={list.data.products.last_page}
              onChange={(page) => onChange({ page })}
              label="Product pages"
            />
          )}
        </Stack>
      </Grid.Col>

      {drawerMounted && (
        <Suspense fallback={null}>
          <FilterDrawer opened={drawerOpened} onClose={drawer.close} total={total}>
            {filters}
          </FilterDrawer>
        </Suspense>
      )}
    </Grid>
  );
}
