import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { IconArrowLeft, IconReceipt, IconTruckDelivery } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { ErrorState, NothingHere } from '@/components/ui/states';
import { useOrder } from '@/features/orders/api/get-order';
import { InvoiceTotals } from '@/features/orders/components/invoice-totals';
import { OrderLines } from '@/features/orders/components/order-lines';
import { OrderRefunds } from '@/features/orders/components/order-refunds';
import { OrderVat } from '@/features/orders/components/order-vat';
import { PayByCardButton } from '@/features/orders/components/pay-by-card-button';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { ReturnItemButton } from '@/features/returns/components/return-item-button';
import { ReviewLine } from '@/features/reviews/components/review-line';
import { ReportIssueButton } from '@/features/tickets/components/report-issue-button';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { BuyAgainButton } from '../../components/buy-again-button';

/** /profile/orders/{id}: one order with its lines, totals and statuses, and the way to track it. */
export function Component() {
  const param = useParams().id ?? '';
  // Only a whole number names an order: anything else is no order, said at once (not asked for,
  // which left the skeleton up for ever: the query never runs for id 0).
  const id = /^\d+$/.test(param) ? Number(param) : 0;
  const order = useOrder(id);
  const missing = id === 0 || (order.isError && order.error instanceof ApiError && order.error.status === 404);
  const formatDate = useFormatDate();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.orders()} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden /> All orders
        </Group>
      </Anchor>
      {missing ? (
        <>
          <PageMeta title="Order not found" />
          <NothingHere title="Order not found" description="It is not one of your orders." />
        </>
      ) : order.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the order">
          <Skeleton height={32} width="50%" />
          <Skeleton height={200} />
        </Stack>
      ) : order.isError ? (
        <ErrorState message={order.error.message} onRetry={() => order.refetch()} />
      ) : (
        <>
          <PageMeta title={`Order #${order.data.id}`} />
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={2}>
                Order #{order.data.id} from {order.data.shop.name}
              </Title>
              <Text c="dimmed" size="sm">
                {order.data.invoice.number} · {formatDate(order.data.created_at)} ·{' '}
                {order.data.order_type === 'delivery' ? 'Delivery' : 'Collection'} · {order.data.payment_method}
              </Text>
            </Stack>
            <Group gap={6}>
              <StatusBadge status={order.data.status} label="Order status" />
              <StatusBadge status={order.data.payment_status} label="Payment" />
            </Group>
          </Group>
          <Card withBorder padding="md">
            <OrderLines
              order={order.data}
              actions={(item) => (
                <>
                  <ReviewLine orderId={order.data.id} delivered={order.data.status === 'delivered'} item={item} />
                  <ReturnItemButton order={order.data} item={item} />
                  <ReportIssueButton orderId={order.data.id} item={item} />
                </>
              )}
            />
          </Card>
          <Card withBorder padding="md">
            <InvoiceTotals figures={order.data} />
            {order.data.coupon_code && (
              <Text size="sm" c="dimmed" mt="xs">
                Coupon {order.data.coupon_code}
              </Text>
            )}
            <OrderVat order={order.data} label="VAT in this order" divided />
          </Card>
          {order.data.refunds.length > 0 && (
            <Card withBorder padding="md">
              <OrderRefunds refunds={order.data.refunds} />
            </Card>
          )}
          <Group gap="sm">
            <PayByCardButton order={order.data} />
            <Button
              component={Link}
              to={paths.track(order.data.id)}
              leftSection={<IconTruckDelivery size={18} aria-hidden />}
            >
              Track
            </Button>
            <Button
              component={Link}
              to={paths.invoice(order.data.invoice.number)}
              variant="default"
              leftSection={<IconReceipt size={18} aria-hidden />}
            >
              Invoice
            </Button>
          </Group>
          {order.data.status !== 'pending' && (
            <BuyAgainButton
              orderId={order.data.id}
              label={`Buy again: order #${order.data.id} from ${order.data.shop.name}`}
            />
          )}
        </>
      )}
    </Stack>
  );
}
