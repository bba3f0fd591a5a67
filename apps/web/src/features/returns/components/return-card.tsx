// Mantine's styles load per component; this one only with the screens that use it.
import '@mantine/core/styles/Blockquote.layer.css';
import { Anchor, Blockquote, Box, Card, Group, Stack, Text } from '@mantine/core';
import { refundStatusInWords } from '@parade/core/refund-schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { useFormatDate, useFormatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { CustomerReturn } from '../api/get-returns';

/**
 * One return as the customer follows it: the item, how many, why, the shop and its note, and
 * when it was asked, decided and received. `badge` is the status badge, composed by the route
 * (it belongs to the orders feature, which this one does not import).
 */
export function ReturnCard({ item: entry, badge }: { item: CustomerReturn; badge: ReactNode }) {
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const { item } = entry;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={`Return of ${entry.quantity} × ${item.full_name}`}
      data-testid="return-card"
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <Box w={56} style={{ flex: 'none' }}>
            <LazyImage src={item.thumbnail} alt="" width={56} height={56} radius="sm" />
          </Box>
          <Stack gap={2} miw={0}>
            <Text fw={700} lineClamp={2}>
              {item.full_name}
            </Text>
            <Text size="sm" c="dimmed">
              Returning {entry.quantity} of {item.quantity} · {formatMoney(item.price)} each
            </Text>
            <Text size="sm" c="dimmed">
              {entry.shop.name} ·{' '}
              <Anchor component={Link} to={paths.order(entry.order_id)} size="sm" underline="always">
                Order #{entry.order_id}
              </Anchor>{' '}
              · {entry.invoice_number}
            </Text>
          </Stack>
        </Group>
        <Box style={{ flex: 'none' }}>{badge}</Box>
      </Group>

      <Stack gap={6} mt="sm">
        <Box>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            Your reason
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {entry.reason}
          </Text>
        </Box>
        {entry.staff_note && (
          <Blockquote p="xs" color="secondary" radius="sm" cite={`${entry.shop.name}'s note`}>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {entry.staff_note}
            </Text>
          </Blockquote>
        )}
        <Text size="xs" c="dimmed">
          Asked {formatDate(entry.created_at)}
          {entry.decided_at &&
            ` · ${entry.status === 'rejected' ? 'Rejected' : 'Accepted'} ${formatDate(entry.decided_at)}`}
          {entry.received_at && ` · Received by the shop ${formatDate(entry.received_at)}`}
          {entry.status === 'pending' && ' · Waiting for the shop'}
        </Text>
        {entry.refund && (
          <Text size="sm" fw={600} data-testid="return-refund">
            Refund {formatMoney(entry.refund.amount)} {entry.refund.method === 'card' ? 'to your card' : 'in cash'}:{' '}
            {refundStatusInWords[entry.refund.status]}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
