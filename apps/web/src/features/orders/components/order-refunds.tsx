import { Group, Stack, Text, Title } from '@mantine/core';
import { type OrderRefund, refundStatusInWords } from '@parade/core/refund-schemas';
import { useFormatDate, useFormatMoney } from '@/lib/format';

/** How the money goes back, in words. */
const methodInWords = { card: 'to your card', cash: 'in cash by the shop' } as const;

/**
 * The order's refunds (docs/decisions/030): for each, what it is for (the returned item, or the
 * cancelled order), the amount, how it goes back and where it is. Nothing when there is none.
 */
export function OrderRefunds({ refunds }: { refunds: OrderRefund[] }) {
  const formatMoney = useFormatMoney();
  const formatDate = useFormatDate();
  if (refunds.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="order-refunds-title" data-testid="order-refunds">
      <Title order={3} size="h4" id="order-refunds-title">
        Refunds
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {refunds.map((refund) => (
          <li key={refund.id} data-testid="order-refund" data-status={refund.status}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0}>
                <Text fw={600}>
                  {refund.item
                    ? `Return of ${refund.item.quantity} × ${refund.item.full_name}`
                    : refund.kind === 'external'
                      ? 'Refund'
                      : 'Order cancelled'}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDate(refund.created_at)} · {refund.method === 'card' ? 'Card' : 'Cash'}:{' '}
                  {methodInWords[refund.method]}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fw={700}>{formatMoney(refund.amount)}</Text>
                <Text size="sm" fw={600} c={refund.status === 'failed' ? 'error.9' : undefined}>
                  {refundStatusInWords[refund.status]}
                </Text>
              </Stack>
            </Group>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
