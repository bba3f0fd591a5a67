import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { getSiteEmail } from '../modules/content';
import { enqueueMail } from '../modules/mail';
import { findCustomerOrderForTicket } from '../modules/orders';
import { shopsForOrders } from '../modules/shops';
import { ticketForStaffMail } from '../modules/tickets';

/**
 * Shared by the customer's ticket workflows (open, order issue, send message): queues, in the
 * caller's transaction, the mail that tells staff a customer is waiting. A ticket about an order
 * goes to that order's shop (its e-mail), which answers it from the merchant site; a general
 * question, or an order whose shop has no e-mail, goes to the site's address (setting `email`),
 * for the platform. Answers the outbox ids (none when nobody has an address: the ticket still
 * waits in the queues, marked "Awaiting reply").
 */
export async function queueStaffNotice(
  tx: DbOrTx,
  config: Config,
  ticket: { id: number; subject: string; shopId: number | null },
  message: { customerName: string; body: string; isNew: boolean },
): Promise<number[]> {
  if (ticket.shopId !== null) {
    const shop = (await shopsForOrders(tx, [ticket.shopId])).get(ticket.shopId);
    if (shop?.email) {
      const mail = ticketForStaffMail(config.adminUrl, { email: shop.email, audience: 'shop' }, ticket, message);
      return [await enqueueMail(tx, mail)];
    }
  }
  const siteEmail = await getSiteEmail(tx);
  if (!siteEmail) return [];
  const mail = ticketForStaffMail(config.adminUrl, { email: siteEmail, audience: 'platform' }, ticket, message);
  return [await enqueueMail(tx, mail)];
}

/** The shop of a ticket's order (the order is always the ticket's customer's), or null for a general question. */
export async function ticketShopId(tx: DbOrTx, customerId: number, orderId: number | null): Promise<number | null> {
  if (orderId === null) return null;
  const order = await findCustomerOrderForTicket(tx, customerId, orderId);
  return order?.shopId ?? null;
}
