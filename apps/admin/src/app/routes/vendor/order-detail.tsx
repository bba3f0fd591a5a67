import { Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { StatusBadge } from '@/components/status-badge';
import { useOrder } from '@/features/orders/api/get-order';
import { Handover } from '@/features/orders/components/handover';
import { OrderActions } from '@/features/orders/components/order-actions';
import { OrderLines } from '@/features/orders/components/order-lines';
import { CustomerContact, OrderHistory } from '@/features/orders/components/order-panels';
import { OrderRefunds } from '@/features/orders/components/order-refunds';
import { PackingSlip } from '@/features/orders/components/packing-slip';
import { useShop } from '@/features/shop-profile/api/get-shop';
import { formatDateTime } from '@/lib/format';

/**
 * One order: lines, where it goes and the shopper's note, customer contact, history, and the moves
 * allowed from here. On paper it is the packing slip alone (PackingSlip), never the screen's page.
 */
export function Component() {
  const { orderId } = useParams();
  const order = useOrder(Number(orderId));
  const shop = useShop();
  if (order.isPending) return <LoadingState />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => order.refetch()} />;
  const o = order.data;
  return (
    <>
      <PackingSlip order={o} shopName={shop.data?.name} />
      <Stack gap="md" className="no-print">
        <PageHeader title={`Order ${o.invoice.number}`} description={`Placed ${formatDateTime(o.created_at)}`} />
        <Group gap="xs">
          <StatusBadge status={o.status} />
          <StatusBadge status={o.payment_status} />
          <Text size="sm">
            {o.order_type === 'collection' ? 'Collection' : 'Delivery'} · pays by {o.payment_method}
          </Text>
        </Group>
        <OrderActions order={o} />
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="xs">
                Items
              </Title>
              <OrderLines order={o} />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <OrderRefunds orderId={o.id} invoiceNumber={o.invoice.number} />
              <Handover order={o} />
              <CustomerContact order={o} />
              <OrderHistory order={o} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
