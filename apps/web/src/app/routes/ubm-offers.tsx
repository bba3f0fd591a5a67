import { Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { getUbmOffersQueryOptions, useUbmOffers } from '@/features/content/api/get-ubm-offers';
import { DealCard } from '@/features/content/components/deal-card';
import { preload } from '@/lib/preload';

const pageOf = (search: URLSearchParams) => Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

export const loader = ({ request }: LoaderFunctionArgs) =>
  preload(getUbmOffersQueryOptions(pageOf(new URL(request.url).searchParams)));

/** /ubm-offers: platform-wide deals across the parade. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const deals = useUbmOffers(page);
  return (
    <Container size="xl" py="lg">
      <PageMeta title="UBM Deals" description="Deals across every shop on Jubilee Parade." />
      <Stack gap="lg">
        <div>
          <Title order={1}>UBM Deals</Title>
          <Text c="dimmed">Offers across the whole parade.</Text>
        </div>
        {deals.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden>
            {placeholderKeys(6).map((key) => (
              <Skeleton key={key} height={360} radius="md" />
            ))}
          </SimpleGrid>
        ) : deals.isError ? (
          <ErrorState message={deals.error.message} onRetry={() => deals.refetch()} />
        ) : deals.data.data.length === 0 ? (
          <NothingHere title="No deals right now" description="New deals arrive every week; please check back soon." />
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            component="ul"
            aria-label="Deals"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {deals.data.data.map((deal) => (
              <li key={deal.id}>
                <DealCard deal={deal} />
              </li>
            ))}
          </SimpleGrid>
        )}
        {deals.data && (
          <Paging
            page={page}
            total={deals.data.last_page}
            onChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
            label="Deal pages"
          />
        )}
      </Stack>
    </Container>
  );
}
