import { Alert, Anchor, Grid, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { isLoopbackUrl } from '@parade/core/safe-links';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { ErrorState } from '@/components/states';
import { SalesChart } from '@/features/dashboard/components/sales-chart';
import { usePlatformDashboard } from '@/features/platform-orders/api/get-platform-orders';
import { useShopRequests } from '@/features/shop-requests/api/get-shop-requests';
import { useShops } from '@/features/shops/api/get-shops';
import { useUsers } from '@/features/users/api/get-users';
import { formatMoney } from '@/lib/format';
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
  const figures = usePlatformDashboard();
  const money = (pick: (f: NonNullable<typeof figures.data>) => number, pence = true) =>
    figures.data ? (
      pence ? (
        formatMoney(pick(figures.data))
      ) : (
        pick(figures.data)
      )
    ) : figures.isError ? (
      '—'
    ) : (
      <Skeleton height={34} width={80} role="status" aria-label="Loading" />
    );
  return (
    <Stack gap="lg">
      <PageHeader title="Dashboard" description="The marketplace today." />
      {figures.data && isLoopbackUrl(figures.data.public_url) && (
        <Alert color="anchor" variant="light" title="Phones cannot open Parade's links yet" role="alert">
          Links in mails and the shops' QR codes point at {figures.data.public_url}, the computer Parade runs on, which
          no phone can reach. Set PUBLIC_URL to the address shoppers use (for example https://parade.example) and
          restart Parade.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard
          label="Orders today"
          value={money((f) => f.today.orders, false)}
          hint={
            <Anchor component={Link} to={paths.admin.orders} size="sm">
              See all orders
            </Anchor>
          }
        />
        <StatCard label="Sales today" value={money((f) => f.today.sales)} />
        <StatCard
          label="Sales, last 30 days"
          value={money((f) => f.last_30_days.sales)}
          hint={figures.data ? `${figures.data.last_30_days.orders} orders` : undefined}
        />
        <StatCard label="Average order, 30 days" value={money((f) => f.last_30_days.average_order_value)} />
      </SimpleGrid>
      {figures.isError ? (
        <ErrorState error={figures.error} onRetry={() => figures.refetch()} />
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Title order={2} size="h4" mb="sm">
                Sales, last 30 days
              </Title>
              {figures.data ? (
                <SalesChart
                  days={figures.data.sales_30d.map((d) => ({ date: d.date, orders: d.orders, revenue: d.sales }))}
                />
              ) : (
                <Skeleton height={220} />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" radius="md" h="100%">
              <Title order={2} size="h4" mb="sm">
                Top shops, 30 days
              </Title>
              {figures.data && figures.data.top_shops.length === 0 && <Text c="dimmed">No sales yet.</Text>}
              {figures.data && figures.data.top_shops.length > 0 && (
                <Table data-testid="top-shops">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Shop</Table.Th>
                      <Table.Th ta="right">Orders</Table.Th>
                      <Table.Th ta="right">Sales</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {figures.data.top_shops.map((row) => (
                      <Table.Tr key={row.shop.id}>
                        <Table.Td>
                          <Anchor component={Link} to={`${paths.admin.orders}?shop=${row.shop.id}`} size="sm">
                            {row.shop.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{row.orders}</Table.Td>
                        <Table.Td ta="right">{formatMoney(row.sales)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {!figures.data && <Skeleton height={120} />}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
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
