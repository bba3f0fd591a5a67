import { Button, Card, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { useOrder } from '@/features/orders/api/get-order';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrderTimeline } from '@/features/orders/components/order-timeline';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/** /profile/track?order={id}: an order's status timeline; without an id, a choice of recent orders. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const id = Number.parseInt(params.get('order') ?? '', 10) || 0;
  const recent = useOrders(1);
  const formatDate = useFormatDate();
  const choices = (recent.data?.data ?? []).map((o) => ({
    value: String(o.id),
    label: `#${o.id} · ${o.shop.name} · ${o.invoice.number} · ${formatDate(o.created_at)}`,
  }));
  return (
    <Stack gap="md">
      <PageMeta title="Track your order" />
      <Title order={2}>Track your order</Title>
      {recent.data && recent.data.data.length === 0 && id === 0 ? (
        <NothingHere
          title="You have not placed any orders yet."
          action={
            <Button component={Link} to={paths.products()}>
              Start shopping
            </Button>
          }
        />
      ) : (
        <Select
          label="Order"
          description="Choose one of your recent orders to see each step, from placed to delivered or collected."
          placeholder={recent.isPending ? 'Loading your orders…' : 'Choose an order'}
          data={choices}
          value={id > 0 && choices.some((c) => c.value === String(id)) ? String(id) : null}
          onChange={(value) => setParams(value ? { order: value } : {})}
          allowDeselect={false}
          maw={520}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {recent.isError && <ErrorState message={recent.error.message} onRetry={() => recent.refetch()} />}
      {id > 0 && <TrackedOrder id={id} />}
    </Stack>
  );
}

function TrackedOrder({ id }: { id: number }) {
  const order = useOrder(id);
  if (order.isPending) return <Skeleton height={280} role="status" aria-label="Loading the order" />;
  if (order.isError) {
    return order.error instanceof ApiError && order.error.status === 404 ? (
      <NothingHere title="Order not found" description="It is not one of your orders." />
    ) : (
      <ErrorState message={order.error.message} onRetry={() => order.refetch()} />
    );
  }
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="tracked-order">
      <Group justify="space-between" mb="md" align="flex-start">
        <Stack gap={0}>
          <Title order={3} size="h4" id="tracked-order">
            Order #{order.data.id} from {order.data.shop.name}
          </Title>
          <Text size="sm" c="dimmed">
            {order.data.order_type === 'delivery' ? 'Delivery' : 'Collection'} · {order.data.invoice.number}
          </Text>
        </Stack>
        <StatusBadge status={order.data.status} label="Order status" />
      </Group>
      <OrderTimeline orderType={order.data.order_type} history={order.data.history} />
      <Group mt="md">
        <Button component={Link} to={paths.order(order.data.id)} variant="default">
          Order details
        </Button>
      </Group>
    </Card>
  );
}
