import { Anchor, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { useShopRequests } from '@/features/shop-requests/api/get-shop-requests';
import { useShops } from '@/features/shops/api/get-shops';
import { useUsers } from '@/features/users/api/get-users';
import { paths } from '@/lib/paths';

const count = (query: { data?: { total: number }; isError: boolean }) =>
  query.data ? (
    query.data.total
  ) : query.isError ? (
    '—'
  ) : (
    <Skeleton height={34} width={60} role="status" aria-label="Loading" />
  );

/** The platform at a glance: the admin's queue first. The counts are the lists' totals (one row each). */
export function Component() {
  const pending = useShopRequests({ status: 'pending', per_page: '1' });
  const suspended = useShops({ status: 'suspended', per_page: '1' });
  const shops = useShops({ per_page: '1' });
  const users = useUsers({ per_page: '1' });
  return (
    <Stack gap="lg">
      <PageHeader title="Dashboard" description="The marketplace today." />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard
          label="Shop requests waiting"
          value={count(pending)}
          hint={
            <Anchor component={Link} to={paths.admin.shopRequests} size="sm">
              Review shop requests
            </Anchor>
          }
        />
        <StatCard
          label="Shops"
          value={count(shops)}
          hint={
            <Anchor component={Link} to={paths.admin.shops} size="sm">
              See all shops
            </Anchor>
          }
        />
        <StatCard label="Suspended shops" value={count(suspended)} />
        <StatCard
          label="Accounts"
          value={count(users)}
          hint={
            <Anchor component={Link} to={paths.admin.users} size="sm">
              See all users
            </Anchor>
          }
        />
      </SimpleGrid>
    </Stack>
  );
}
