import { Anchor, Button, Grid, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LOW_STOCK_THRESHOLD } from '@parade/core/vendor-schemas';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { NewOrderNotifications } from '@/features/orders/live/new-order-notifications';
import { formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

// The chart library (recharts) is most of this screen's code: the figures show first, the chart follows.
const SalesChart = lazy(async () => ({
  default: (await import('@/features/dashboard/components/sales-chart')).SalesChart,
}));

/** The shop at a glance: what came in today, what waits for the shopkeeper, what is running out. */
export function Component() {
  const dashboard = useDashboard();
  return (
    <Stack gap="lg">
      <PageHeader title="Dashboard" description="Today in your shop." />
      {dashboard.isPending ? (
        <LoadingState />
      ) : dashboard.isError ? (
        <ErrorState error={dashboard.error} onRetry={() => dashboard.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <StatCard label="Orders today" value={dashboard.data.today.orders} />
            <StatCard label="Revenue today" value={formatMoney(dashboard.data.today.revenue)} />
            <StatCard
              label="Orders waiting"
              value={dashboard.data.waiting_orders}
              hint={
                <Anchor component={Link} to={`${paths.vendor.orders}?status=pending`} size="sm">
                  See pending orders
                </Anchor>
              }
            />
          </SimpleGrid>
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="sm">
                  Sales, last 30 days
                </Title>
                {dashboard.data.sales_30d.some((day) => day.orders > 0) ? (
                  <Suspense fallback={<Skeleton h={220} role="status" aria-label="Loading the chart" />}>
                    <SalesChart days={dashboard.data.sales_30d} />
                  </Suspense>
                ) : (
                  <EmptyState>No sales in the last 30 days yet.</EmptyState>
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder p="md" radius="md">
                <Title order={2} size="h4" mb="sm">
                  Low stock
                </Title>
                {dashboard.data.low_stock.length === 0 ? (
                  <Text c="dimmed">Nothing at or below {LOW_STOCK_THRESHOLD} in stock.</Text>
                ) : (
                  <List spacing="xs" data-testid="low-stock">
                    {dashboard.data.low_stock.map((item) => (
                      <List.Item key={item.variation_id}>
                        {item.full_name}:{' '}
                        <Text span fw={700} c={item.stock === 0 ? 'error.7' : undefined}>
                          {item.stock === 0 ? 'sold out' : `${item.stock} left`}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                )}
                <Button component={Link} to={`${paths.vendor.products}?sort=stock`} variant="light" mt="md" size="sm">
                  Update stock
                </Button>
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      )}
      {/* Outside the figures: the switch works while they load or fail. */}
      <NewOrderNotifications />
    </Stack>
  );
}
