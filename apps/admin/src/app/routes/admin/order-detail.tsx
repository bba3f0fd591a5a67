import { Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { StatusBadge } from '@/components/status-badge';
import { Handover } from '@/features/orders/components/handover';
import { OrderLines } from '@/features/orders/components/order-lines';
import { CustomerContact, OrderHistory } from '@/features/orders/components/order-panels';
import { OrderRefunds } from '@/features/orders/components/order-refunds';
import { usePlatformOrder } from '@/features/platform-orders/api/get-platform-orders';
import { formatDateTime } from '@/lib/format';

/** One order of any shop, for the platform admin: its shop, lines, where it goes, customer, history and refunds. Read only. */
export function Component() {
  const { orderId } = useParams();
  const order = usePlatformOrder(Number(orderId));
  if (order.isPending) return <LoadingState />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => order.refetch()} />;
  const o = order.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={`Order ${o.invoice.number}`}
        description={`${o.shop.name} · placed ${formatDateTime(o.created_at)}`}
      />
      <Group gap="xs">
        <StatusBadge status={o.status} />
        <StatusBadge status={o.payment_status} />
        <Text size="sm">
          {o.order_type === 'collection' ? 'Collection' : 'Delivery'} · pays by {o.payment_method}
        </Text>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="xs">
                Items
              </Title>
              <OrderLines order={o} />
            </Paper>
            <OrderRefunds orderId={o.id} invoiceNumber={o.invoice.number} area="admin" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Handover order={o} />
            <CustomerContact order={o} />
            <OrderHistory order={o} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
