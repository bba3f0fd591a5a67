import { useParams } from 'react-router';
import { TicketDetailView } from '@/features/tickets/components/ticket-detail-view';
import { paths } from '@/lib/paths';

/** One ticket about the shop's order: the conversation, the shop's answer (mailed to the customer), the customer and the order. */
export function Component() {
  const { ticketId } = useParams();
  return <TicketDetailView ticketId={Number(ticketId)} area="vendor" orderPath={paths.vendor.order} />;
}
