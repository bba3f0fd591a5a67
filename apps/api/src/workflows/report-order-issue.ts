import type { OrderIssueType } from '@parade/core/enums';
import { orderIssueSubject } from '@parade/core/ticket-schemas';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { invalidField } from '../lib/errors';
import { findCustomerOrderForTicket } from '../modules/orders';
import { addTicketMessage, createTicket } from '../modules/tickets';
import { ticketOrderMissing } from './open-support-ticket';
import { queueStaffNotice } from './ticket-staff-notice';

/**
 * An order issue (POST user/order-issue): a ticket of the issue's type linked to one of the
 * caller's orders and, when given, one of its lines, with a subject made here (so every issue
 * reads the same way in the shop's queue), its first message and the notice to the order's shop,
 * in one transaction. Answers the ticket's id and the outbox ids to deliver after the commit.
 */
export async function reportOrderIssue(
  db: Db,
  config: Config,
  input: {
    customer: { id: number; name: string };
    orderId: number;
    itemId: number | null;
    type: OrderIssueType;
    message: string;
  },
): Promise<{ ticketId: number; mailIds: number[] }> {
  return db.transaction(async (tx) => {
    const order = await findCustomerOrderForTicket(tx, input.customer.id, input.orderId);
    if (!order) throw ticketOrderMissing();
    let itemName: string | null = null;
    if (input.itemId !== null) {
      const item = order.items.find((line) => line.id === input.itemId);
      // The order is the caller's, so naming its lines is no leak; another order's line is a mistake to correct.
      if (!item) throw invalidField('item_id', 'That item is not part of this order.', 'order_item_invalid');
      itemName = item.fullName;
    }
    const subject = orderIssueSubject(order.invoiceNumber, input.type, itemName);
    const ticketId = await createTicket(tx, {
      userId: input.customer.id,
      subject,
      type: input.type,
      orderId: order.id,
      orderItemId: input.itemId,
    });
    await addTicketMessage(tx, ticketId, { author: 'customer', userId: input.customer.id, body: input.message });
    const mailIds = await queueStaffNotice(
      tx,
      config,
      { id: ticketId, subject, shopId: order.shopId },
      { customerName: input.customer.name, body: input.message, isNew: true },
    );
    return { ticketId, mailIds };
  });
}
