/** Badge colours for statuses, exactly as spec section 4 lists them. */
export type BadgeColor = 'info' | 'warning' | 'primary' | 'accent' | 'success' | 'error';

const colorByStatus: Record<string, BadgeColor> = {
  initiated: 'info',
  pending: 'warning',
  close: 'primary',
  processing: 'accent',
  shipping: 'accent',
  open: 'accent',
  delivered: 'success',
  paid: 'success',
  active: 'success',
  resolved: 'success',
  accepted: 'success',
  failed: 'error',
  cancelled: 'error',
  unpaid: 'error',
  rejected: 'error',
};

export function statusBadge(status: string): { label: string; color: BadgeColor } {
  // "partially_refunded" reads as "PARTIALLY REFUNDED"; statuses the spec does not list are info.
  return { label: status.replaceAll('_', ' ').toUpperCase(), color: colorByStatus[status.toLowerCase()] ?? 'info' };
}
