import type { Config } from '../config';
import type { Db } from '../db/client';
import { notFound } from '../lib/errors';
import { addTicketMessage, lockTicket, setTicketStatus } from '../modules/tickets';
import { queueStaffNotice, ticketShopId } from './ticket-staff-notice';

/**
 * A customer writes on their own ticket (POST user/support-ticket/{id}/send-message): under the
 * ticket's row lock, the message is added, a resolved or closed ticket is opened again (a
 * customer writing again needs an answer, and an open ticket is what the staff's queues show
 * first), and whoever answers it is told, in one transaction. Another customer's ticket answers
 * 404 as a missing one. Answers the outbox ids to deliver after the commit.
 */
export async function sendTicketMessage(
  db: Db,
  config: Config,
  input: { ticketId: number; customer: { id: number; name: string }; body: string },
): Promise<{ reopened: boolean; mailIds: number[] }> {
  return db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId, { userId: input.customer.id });
    if (!ticket) throw notFound('No such ticket.', 'ticket_not_found');
    await addTicketMessage(tx, ticket.id, { author: 'customer', userId: input.customer.id, body: input.body });
    const reopened = ticket.status !== 'open';
    if (reopened) await setTicketStatus(tx, ticket.id, 'open');
    const mailIds = await queueStaffNotice(
      tx,
      config,
      { id: ticket.id, subject: ticket.subject, shopId: await ticketShopId(tx, ticket.customer.id, ticket.orderId) },
      { customerName: input.customer.name, body: input.body, isNew: false },
    );
    return { reopened, mailIds };
  });
}
