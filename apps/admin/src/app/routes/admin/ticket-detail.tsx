import { useParams } from 'react-router';
import { TicketDetailView } from '@/features/tickets/components/ticket-detail-view';

/** One ticket: the conversation, a staff reply (mailed to the customer), the customer, and the status moves. */
export function Component() {
  const { ticketId } = useParams();
  return <TicketDetailView ticketId={Number(ticketId)} area="admin" />;
}
