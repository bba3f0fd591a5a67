import { Button } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import type { Order } from '../api/get-orders';

/**
 * A card order whose payment is still to make, or was declined, while its items are held (it is
 * pending; the unpaid-card timeout cancels it): the way back to the pay page. A shopper who left
 * the pay page (the back button, a closed tab) had no other way to pay, and lost the order.
 */
export const awaitsCardPayment = (order: Pick<Order, 'payment_method' | 'payment_status' | 'status'>): boolean =>
  order.payment_method === 'card' &&
  (order.payment_status === 'unpaid' || order.payment_status === 'failed') &&
  order.status === 'pending';

export function PayByCardButton({ order, label }: { order: Order; label?: string }) {
  if (!awaitsCardPayment(order)) return null;
  return (
    <Button
      component={Link}
      to={paths.orderPayment(order.invoice.number)}
      leftSection={<IconCreditCard size={18} aria-hidden />}
      aria-label={label}
    >
      Pay by card
    </Button>
  );
}
