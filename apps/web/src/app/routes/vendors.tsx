import { Container, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { getShopsQueryOptions, type ShopListParams, useShops } from '@/features/shops/api/get-shops';
import { ShopCard } from '@/features/shops/components/shop-card';
import { preload } from '@/lib/preload';

const readParams = (search: URLSearchParams): ShopListParams => ({
  search: search.get('search')?.trim() || undefined,
  page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
});

export const loader = ({ request }: LoaderFunctionArgs) =>
  preload(getShopsQueryOptions(readParams(new URL(request.url).searchParams)));

/** /vendors: every shop, with a name search and pages. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const shops = useShops(params);
  const [text, setText] = useState(params.search ?? '');
  useEffect(() => setText(params.search ?? ''), [params.search]);

  const setQuery = (search: string | undefined, page = 1) => {
    const next: Record<string, string> = {};
    if (search) next.search = search;
    if (page > 1) next.page = String(page);
    setSearchParams(next, { preventScrollReset: page === 1 });
  };
  const searchSoon = useDebouncedCallback((value: string) => setQuery(value.trim() || undefined), 400);

  return (
    <Container size="xl" py="lg">
      <PageMeta title="Shops" description="Meet the independent shops of Jubilee Parade and shop each one online." />
      <Stack gap="lg">
        <div>
          <Title order={1}>Shops on the parade</Title>
          <Text c="dimmed">Independent shops, one basket.</Text>
        </div>
        <TextInput
          type="search"
          label="Find a shop"
          placeholder="Shop name"
          size="md"
          maw={420}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            searchSoon(event.currentTarget.value);
          }}
        />
        <div aria-busy={shops.isFetching} style={{ opacity: shops.isPlaceholderData ? 0.55 : 1 }}>
          {shops.isPending ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} aria-hidden>
              {placeholderKeys(8).map((key) => (
                <Skeleton key={key} height={260} radius="md" />
              ))}
            </SimpleGrid>
          ) : shops.isError ? (
            <ErrorState message={shops.error.message} onRetry={() => shops.refetch()} />
          ) : shops.data.data.length === 0 ? (
            <NothingHere
              title="No shops found"
              description={params.search ? `Nothing matches “${params.search}”.` : undefined}
            />
          ) : (
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
              component="ul"
              aria-label="Shops"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {shops.data.data.map((shop) => (
                <li key={shop.id}>
                  <ShopCard shop={shop} />
                </li>
              ))}
            </SimpleGrid>
          )}
        </div>
        {shops.data && (
          <Paging
            page={params.page}
            total={shops.data.last_page}
            onChange={(page) => setQuery(params.search, page)}
            label="Shop pages"
          />
        )}
      </Stack>
    </Container>
  );
}
