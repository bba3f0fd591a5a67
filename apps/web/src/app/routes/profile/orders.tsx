import { Button, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState } from '@/components/ui/states';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrderCard } from '@/features/orders/components/order-card';
import { paths } from '@/lib/paths';
import { BuyAgainButton } from '../../components/buy-again-button';

/** /profile/orders: "Track Your Order", the customer's orders with their statuses. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const orders = useOrders(page);
  return (
    <Stack gap="md">
      <PageMeta title="My orders" description="Track your Parade orders." />
      <Title order={2}>My orders</Title>
      {orders.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading orders">
          <Skeleton height={120} />
          <Skeleton height={120} />
        </Stack>
      ) : orders.isError ? (
        <ErrorState message={orders.error.message} onRetry={() => orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <IconReceipt size={44} aria-hidden />
          <Text>You have not placed any orders yet.</Text>
          <Button component={Link} to={paths.products()}>
            Start shopping
          </Button>
        </Stack>
      ) : (
        <>
          {orders.data.data.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              links
              actions={
                order.status === 'delivered' ? (
                  <BuyAgainButton orderId={order.id} label={`Buy again: ${order.shop.name} ${order.invoice.number}`} />
                ) : undefined
              }
            />
          ))}
          {orders.data.last_page > 1 && (
            <Pagination
              total={orders.data.last_page}
              value={page}
              onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
