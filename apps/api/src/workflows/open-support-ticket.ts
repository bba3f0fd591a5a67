import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { findCustomerOrderForTicket } from '../modules/orders';
import { addTicketMessage, createTicket } from '../modules/tickets';
import { queueStaffNotice } from './ticket-staff-notice';

/** The order of a ticket that is not the caller's (or none) answers as a missing order, on its field. */
export const ticketOrderMissing = () =>
  new AppError(404, 'Order not found.', { order_id: ['That is not one of your orders.'] }, 'order_not_found');

/**
 * A customer's question (POST user/support-ticket), optionally about one of their own orders:
 * the ticket, its first message and the notice to whoever answers it (the order's shop, else
 * the platform) in one transaction. Answers the ticket's id and the outbox ids to deliver after
 * the commit.
 */
export async function openSupportTicket(
  db: Db,
  config: Config,
  input: { customer: { id: number; name: string }; subject: string; message: string; orderId: number | null },
): Promise<{ ticketId: number; mailIds: number[] }> {
  return db.transaction(async (tx) => {
    let shopId: number | null = null;
    if (input.orderId !== null) {
      const order = await findCustomerOrderForTicket(tx, input.customer.id, input.orderId);
      if (!order) throw ticketOrderMissing();
      shopId = order.shopId;
    }
    const ticketId = await createTicket(tx, {
      userId: input.customer.id,
      subject: input.subject,
      type: 'general',
      orderId: input.orderId,
      orderItemId: null,
    });
    await addTicketMessage(tx, ticketId, { author: 'customer', userId: input.customer.id, body: input.message });
    const mailIds = await queueStaffNotice(
      tx,
      config,
      { id: ticketId, subject: input.subject, shopId },
      { customerName: input.customer.name, body: input.message, isNew: true },
    );
    return { ticketId, mailIds };
  });
}
