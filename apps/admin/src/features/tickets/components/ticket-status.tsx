import type { TicketStatus } from '@parade/core/enums';
import { statusBadge } from '@parade/core/status-badge';
import { ToneBadge } from '@/components/status-badge';

/** The contract's `close` reads as "Closed" to people. */
export const ticketStatusLabel: Record<TicketStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  close: 'Closed',
};

/** A ticket's status with spec section 4's colours. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <ToneBadge tone={statusBadge(status).color}>{ticketStatusLabel[status]}</ToneBadge>;
}
