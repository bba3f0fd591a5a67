import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormatDate, useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { Order } from '../api/get-orders';
import { OrderVat } from './order-vat';
import { PayByCardButton } from './pay-by-card-button';
import { StatusBadge } from './status-badge';

/** The card's links are as tall as a 44 px touch target (ui-and-demo.md), their text as it was. */
const touchTarget = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/**
 * One shop's order of a checkout: invoice number, date, statuses, lines and total; with
 * `links`, the way to its detail, its tracking timeline and its invoice.
 */
export function OrderCard({
  order,
  links = false,
  actions,
}: {
  order: Order;
  links?: boolean;
  /** Controls the route composes from other features (Buy again). */
  actions?: ReactNode;
}) {
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
      {order.discount + order.reward_discount > 0 && (
        <Group justify="space-between" mt="xs" wrap="nowrap" gap="xs">
          <Text size="sm">Coupon and points discounts</Text>
          <Text size="sm">−{formatMoney(order.discount + order.reward_discount)}</Text>
        </Group>
      )}
      {order.shipping_charge > 0 && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">Delivery charge</Text>
          <Text size="sm">{formatMoney(order.shipping_charge)}</Text>
        </Group>
      )}
      <Group justify="space-between" mt="sm">
        <Text fw={700}>Total</Text>
        <Text fw={800}>{formatMoney(order.total)}</Text>
      </Group>
      <OrderVat order={order} label={`VAT in order ${order.invoice.number} from ${order.shop.name}`} />
      {links && (
        <Group gap="md" mt="xs">
          <PayByCardButton order={order} label={`Pay by card, ${order.shop.name} ${order.invoice.number}`} />
          <Anchor
            component={Link}
            to={paths.order(order.id)}
            fw={600}
            style={touchTarget}
            aria-label={`Order details, ${order.shop.name} ${order.invoice.number}`}
          >
            Order details
          </Anchor>
          <Anchor
            component={Link}
            to={paths.track(order.id)}
            fw={600}
            style={touchTarget}
            aria-label={`Track, ${order.shop.name} ${order.invoice.number}`}
          >
            Track
          </Anchor>
          <Anchor
            component={Link}
            to={paths.invoice(order.invoice.number)}
            fw={600}
            style={touchTarget}
            aria-label={`Invoice, ${order.shop.name} ${order.invoice.number}`}
          >
            Invoice
          </Anchor>
        </Group>
      )}
      {actions && <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{actions}</div>}
    </Card>
  );
}
