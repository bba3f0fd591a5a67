import type { OrderStatus } from '@parade/core/enums';

/** The button that moves an order on, by the status it moves to. */
export const moveToLabel: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  processing: 'Start preparing',
  ready: 'Ready for collection',
  shipping: 'Out for delivery',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

export const statusLabel: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  ready: 'Ready',
  shipping: 'Shipping',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
