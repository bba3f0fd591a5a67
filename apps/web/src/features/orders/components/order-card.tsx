import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { statusBadge } from '@parade/core/status-badge';
import { useFormatDate, useFormatMoney } from '@/lib/format';
import type { Order } from '../api/get-orders';

const badgeColour = {
  info: 'secondary',
  warning: 'yellow',
  primary: 'primary',
  accent: 'accent',
  success: 'green',
  error: 'error',
} as const;

function StatusBadge({ status, label }: { status: string; label: string }) {
  const badge = statusBadge(status);
  return (
    <Badge color={badgeColour[badge.color]} variant="light" aria-label={`${label}: ${badge.label}`}>
      {badge.label}
    </Badge>
  );
}

/** One shop's order of a checkout: invoice number, date, statuses, lines and total. */
export function OrderCard({ order }: { order: Order }) {
  const formatMoney = useFormatMoney();
  const formatDate = useFormatDate();
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={`Order ${order.invoice.number} from ${order.shop.name}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Text fw={700}>{order.shop.name}</Text>
          <Text size="sm" c="dimmed">
            {order.invoice.number} · {formatDate(order.created_at)} ·{' '}
            {order.order_type === 'delivery' ? 'Delivery' : 'Collection'}
          </Text>
        </Stack>
        <Group gap={6}>
          <StatusBadge status={order.status} label="Order status" />
          <StatusBadge status={order.payment_status} label="Payment" />
        </Group>
      </Group>
      <Stack gap={4} mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {order.items.map((item) => (
          <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" lineClamp={1}>
              {item.quantity} × {item.full_name}
            </Text>
            <Text size="sm">{formatMoney(item.total)}</Text>
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" mt="sm">
        <Text fw={700}>Total</Text>
        <Text fw={800}>{formatMoney(order.total)}</Text>
      </Group>
    </Card>
  );
}
