// Mantine's styles load per component; this one only with the screens that use it.
import '@mantine/core/styles/Timeline.layer.css';
import { Alert, Text, ThemeIcon, Timeline } from '@mantine/core';
import type { OrderHistoryEntry } from '@parade/core/order-schemas';
import { trackingSteps } from '@parade/core/order-status';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useFormatDate } from '@/lib/format';

const stepLabels = {
  pending: 'Order placed',
  processing: 'Being prepared',
  ready: 'Ready to collect',
  shipping: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
} as const;

const stepHints = {
  pending: 'The shop has your order.',
  processing: 'The shop is picking and packing it.',
  ready: 'Waiting for you at the collection point.',
  shipping: 'On its way to you.',
  delivered: 'Handed over. Enjoy!',
  cancelled: 'This order will not be fulfilled.',
} as const;

/**
 * An order's status timeline: the steps its type walks through (collection ends ready ->
 * delivered, delivery shipping -> delivered), each reached step with the time from its history.
 * A cancelled order shows the steps it reached, then the cancellation in red.
 */
export function OrderTimeline({
  orderType,
  history,
}: {
  orderType: 'collection' | 'delivery';
  history: OrderHistoryEntry[];
}) {
  const formatDate = useFormatDate();
  const reachedAt = new Map(history.map((entry) => [entry.status, entry] as const));
  const cancelled = reachedAt.get('cancelled');
  const steps = trackingSteps(orderType);
  const reached = steps.filter((step) => reachedAt.has(step));
  const shown = cancelled ? [...reached, 'cancelled' as const] : steps;
  const active = cancelled ? shown.length - 1 : Math.max(0, ...steps.map((s, i) => (reachedAt.has(s) ? i : 0)));
  const time = (at: string) =>
    `${formatDate(at)} ${new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
  return (
    <>
      {cancelled && (
        <Alert color="error" variant="light" icon={<IconX aria-hidden />} title="This order was cancelled" mb="md">
          Cancelled on {time(cancelled.at)}
          {cancelled.note ? `: ${cancelled.note.replace(/[.!?]?$/, (end) => end || '.')}` : '.'} Any reward points you
          spent on it were returned.
        </Alert>
      )}
      <Timeline
        active={active}
        bulletSize={28}
        lineWidth={3}
        color={cancelled ? 'error' : 'accent'}
        aria-label="Order progress"
        data-testid="order-timeline"
      >
        {shown.map((status) => {
          const entry = reachedAt.get(status);
          const isCancel = status === 'cancelled';
          return (
            <Timeline.Item
              key={status}
              title={stepLabels[status]}
              data-reached={entry ? true : undefined}
              data-status={status}
              bullet={
                entry ? (
                  <ThemeIcon size={22} radius="xl" color={isCancel ? 'error' : 'accent'}>
                    {isCancel ? <IconX size={14} aria-hidden /> : <IconCheck size={14} aria-hidden />}
                  </ThemeIcon>
                ) : undefined
              }
            >
              <Text size="sm" c="dimmed">
                {stepHints[status]}
              </Text>
              <Text size="xs" mt={2} fw={entry ? 600 : 400}>
                {entry ? time(entry.at) : 'Not yet'}
                {entry?.note && !isCancel ? ` · ${entry.note}` : ''}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </>
  );
}
