import { Button, Group, Text } from '@mantine/core';
import { AWAITING_CARD_PAYMENT_MESSAGE, allowedNextStatuses, awaitsCardPayment } from '@parade/core/order-status';
import type { VendorOrderPayload } from '@parade/core/vendor-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconPrinter } from '@tabler/icons-react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { formatMoney } from '@/lib/format';
import { useChangeOrderStatus, useMarkOrderPaid } from '../api/change-order';
import { moveToLabel, statusLabel } from './status-labels';

/** What happens to money already taken: a card is refunded by Stripe; cash is handed back as the shop cancels. */
function paidBack(order: VendorOrderPayload['order']): string {
  if (order.payment_status !== 'paid') return '';
  return order.payment_method === 'card'
    ? ` The ${formatMoney(order.total)} paid by card is refunded to the card.`
    : ` Give the customer back the ${formatMoney(order.total)} they paid in cash: it is recorded as refunded.`;
}

const failed = (e: unknown) => notifyError(e instanceof ApiError ? e.message : 'Could not change the order.');

/**
 * Only the moves core's order rules allow from this status (a collection order goes to ready,
 * a delivery to shipping; an order awaiting its card payment only to cancelled, and it says why);
 * cancelling asks first; a cash order can be marked paid.
 */
export function OrderActions({ order }: { order: VendorOrderPayload['order'] }) {
  const change = useChangeOrderStatus(order.id);
  const markPaid = useMarkOrderPaid(order.id);
  const awaitingCardPayment = awaitsCardPayment(order) && order.status !== 'cancelled';
  const allowed = allowedNextStatuses(order.status, order.order_type, { awaitingCardPayment });
  const next = allowed.filter((status) => status !== 'cancelled');
  const canCancel = allowed.includes('cancelled');
  const canMarkPaid =
    order.payment_method === 'cash' && order.payment_status === 'unpaid' && order.status !== 'cancelled';

  const move = async (status: (typeof next)[number]) => {
    // Delivered is for good (points awarded, returns open, cash recorded paid): asked first, like cancelling.
    if (status === 'delivered') {
      const cashOnHandover =
        order.payment_method === 'cash' && order.payment_status === 'unpaid'
          ? ` The ${formatMoney(order.total)} in cash is recorded as paid.`
          : '';
      const yes = await confirmAction({
        title: `Mark order ${order.invoice.number} delivered?`,
        message: `The customer earns their reward points and can ask for a return.${cashOnHandover} This cannot be undone.`,
        confirmLabel: 'Mark delivered',
        destructive: false,
      });
      if (!yes) return;
    }
    change.mutate(
      { status },
      {
        onSuccess: (saved) => notifySuccess(`Order is now ${statusLabel[saved.status].toLowerCase()}.`),
        onError: failed,
      },
    );
  };

  const cancel = async () => {
    const yes = await confirmAction({
      title: `Cancel order ${order.invoice.number}?`,
      message: `The stock goes back on sale and the customer gets back any reward points they spent.${paidBack(order)} This cannot be undone.`,
      confirmLabel: 'Cancel order',
    });
    if (yes)
      change.mutate({ status: 'cancelled' }, { onSuccess: () => notifySuccess('Order cancelled.'), onError: failed });
  };

  return (
    <Group gap="sm" className="no-print">
      {awaitingCardPayment && (
        <Text size="sm" c="dimmed" w="100%" data-testid="awaiting-card-payment">
          {AWAITING_CARD_PAYMENT_MESSAGE}
        </Text>
      )}
      {next.map((status) => (
        <Button
          key={status}
          onClick={() => move(status)}
          loading={change.isPending && change.variables?.status === status}
        >
          {moveToLabel[status]}
        </Button>
      ))}
      {canMarkPaid && (
        <Button
          variant="light"
          loading={markPaid.isPending}
          onClick={() =>
            markPaid.mutate(undefined, { onSuccess: () => notifySuccess('Marked as paid.'), onError: failed })
          }
        >
          Mark paid (cash)
        </Button>
      )}
      <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
        Print packing slip
      </Button>
      {canCancel && (
        <Button
          variant="outline"
          color="error"
          onClick={cancel}
          loading={change.isPending && change.variables?.status === 'cancelled'}
        >
          Cancel order
        </Button>
      )}
    </Group>
  );
}
