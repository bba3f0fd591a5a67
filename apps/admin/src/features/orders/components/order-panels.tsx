import { Anchor, Paper, Text, Timeline, Title } from '@mantine/core';
import type { VendorOrderPayload } from '@parade/core/vendor-schemas';
import { formatDateTime } from '@/lib/format';
import { statusLabel } from './status-labels';

type Order = VendorOrderPayload['order'];

/** Who ordered, with links to write or ring: the shop's and the platform's order pages. */
export function CustomerContact({ order }: { order: Order }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Customer
      </Title>
      <Text fw={600} data-testid="customer-name">
        {order.customer.name}
      </Text>
      <Anchor href={`mailto:${order.customer.email}`} size="sm" display="block">
        {order.customer.email}
      </Anchor>
      {order.customer.phone && (
        <Anchor href={`tel:${order.customer.phone.replace(/\s/g, '')}`} size="sm" display="block">
          {order.customer.phone}
        </Anchor>
      )}
    </Paper>
  );
}

/** The order's statuses, oldest first, each with its time and note. */
export function OrderHistory({ order }: { order: Order }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      <Timeline active={order.history.length - 1} bulletSize={14} lineWidth={2} data-testid="order-history">
        {order.history.map((entry) => (
          <Timeline.Item key={`${entry.status}-${entry.at}`} title={statusLabel[entry.status]}>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.at)}
            </Text>
            {entry.note && <Text size="sm">{entry.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
