import { Alert, Anchor, Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { REFUND_STUCK_AFTER_MINUTES, refundStatusInWords } from '@parade/core/refund-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '@/components/notify';
import { formatDateTime, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useRetryRefund, useTroubledRefunds } from '../api/refunds';

/**
 * Refunds a person must look at (docs/decisions/030): those Stripe refused and card refunds still
 * pending after a while, with Stripe's last answer and a retry for each. Shown only when there
 * is one (or the list could not be read).
 */
export function TroubledRefunds() {
  const refunds = useTroubledRefunds();
  const retry = useRetryRefund();
  if (refunds.isError) {
    return (
      <Alert color="red" title="Refunds needing attention could not be loaded">
        {refunds.error.message}
      </Alert>
    );
  }
  const list = refunds.data ?? [];
  if (list.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="troubled-refunds-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="troubled-refunds-title">
          Refunds needing attention ({list.length})
        </Title>
        <Text size="sm" c="dimmed">
          Refunds Stripe refused, and card refunds still waiting after {REFUND_STUCK_AFTER_MINUTES} minutes. Retry one
          once the cause is fixed (a refund already made by hand in Stripe needs no retry).
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-labelledby="troubled-refunds-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Order</Table.Th>
                <Table.Th scope="col">For</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Stripe said</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((refund) => (
                <Table.Tr key={refund.id} data-testid="troubled-refund">
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={paths.admin.order(refund.order_id)}
                      fw={600}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      Order #{refund.order_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {refund.kind === 'return'
                      ? `Return #${refund.return_id}`
                      : refund.kind === 'external'
                        ? 'Made in Stripe'
                        : 'Cancellation'}
                  </Table.Td>
                  <Table.Td>{formatMoney(refund.amount)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={refund.status === 'failed' ? 'error.9' : undefined}>
                      {refundStatusInWords[refund.status]}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(refund.updated_at)} · {refund.attempts} attempt{refund.attempts === 1 ? '' : 's'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {refund.last_error ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={retry.isPending && retry.variables === refund.id}
                      aria-label={`Retry the refund of ${formatMoney(refund.amount)} for order #${refund.order_id}`}
                      onClick={() =>
                        retry.mutate(refund.id, {
                          onSuccess: () => notifySuccess('The refund was sent to Stripe again.'),
                          onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not retry it.'),
                        })
                      }
                    >
                      Retry
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
