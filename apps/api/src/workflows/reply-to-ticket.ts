import type { Config } from '../config';
import type { Db } from '../db/client';
import { notFound } from '../lib/errors';
import { enqueueMail } from '../modules/mail';
import { addTicketMessage, lockTicket, ticketReplyMail } from '../modules/tickets';

/**
 * A staff reply to a support ticket: the message and its mail to the customer, in one
 * transaction, so a reply is never recorded without its mail or mailed without being recorded.
 * Answers the outbox id for the caller to deliver once this has committed. The ticket's status
 * is left as it is: closing or resolving is its own decision (PATCH admin/tickets/{id}).
 * The platform answers any ticket; a shop's vendor (`shopId`) only the tickets about its own
 * orders, any other answering 404 as a missing one.
 */
export async function replyToTicket(
  db: Db,
  config: Config,
  input: { ticketId: number; staffUserId: number; body: string; shopId?: number },
): Promise<{ mailId: number }> {
  return db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId, { shopId: input.shopId });
    if (!ticket) throw notFound('No such ticket.', 'ticket_not_found');
    await addTicketMessage(tx, ticket.id, { author: 'staff', userId: input.staffUserId, body: input.body });
    const mailId = await enqueueMail(tx, ticketReplyMail(config.publicUrl, ticket.customer, ticket, input.body));
    return { mailId };
  });
}
