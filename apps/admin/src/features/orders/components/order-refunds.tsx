import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { refundStatusInWords } from '@parade/core/refund-schemas';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useOrderRefunds } from '../api/get-order-refunds';

/**
 * The order's refunds on its page (docs/decisions/030): each return's or the cancellation's, how
 * it goes back and where it is; a cash refund still owed says so and points to the Returns page,
 * where the shop marks it paid. Nothing when there is none.
 */
export function OrderRefunds({
  orderId,
  invoiceNumber,
  area = 'vendor',
}: {
  orderId: number;
  invoiceNumber: string;
  /** `admin`: the platform admin's read-only view (no link to the shop's Returns page). */
  area?: 'vendor' | 'admin';
}) {
  const refunds = useOrderRefunds(orderId, area);
  const list = refunds.data ?? [];
  if (list.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="order-refunds-title">
      <Title order={2} size="h4" mb="xs" id="order-refunds-title">
        Refunds
      </Title>
      <Stack gap="xs">
        {list.map((refund) => (
          <Stack key={refund.id} gap={0} data-testid="order-refund" data-status={refund.status}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {refund.item
                  ? `Return: ${refund.item.quantity} × ${refund.item.full_name}`
                  : refund.kind === 'external'
                    ? 'Made in Stripe'
                    : 'Order cancelled'}
              </Text>
              <Text fw={700} size="sm">
                {formatMoney(refund.amount)}
              </Text>
            </Group>
            <Text size="xs" c={refund.status === 'failed' || refund.status === 'owed' ? 'error.9' : 'dimmed'} fw={600}>
              {formatDate(refund.created_at)} · {refund.method === 'card' ? 'To the card' : 'In cash'} ·{' '}
              {refundStatusInWords[refund.status]}
            </Text>
            {refund.status === 'owed' && area === 'vendor' && (
              <Anchor
                component={Link}
                to={`${paths.vendor.returns}?search=${encodeURIComponent(invoiceNumber)}`}
                size="xs"
              >
                Pay it back, then mark it paid on the Returns page
              </Anchor>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
