import { eq } from 'drizzle-orm';
import {
  invoices,
  mailOutbox,
  orderItems,
  orders,
  shops,
  siteSettings,
  supportTickets,
  ticketMessages,
} from '../maintenance/schema';
import type { TestApp } from './build-test-app';
import { bearer } from './test-support';

let serial = 0;

/**
 * Support-ticket test fixtures: orders of a customer at a shop (written as place-order leaves
 * them, without stock or the read model, which tickets never read), the shop's and the site's
 * e-mail, and readers of what the calls stored. `app()` is read at call time (beforeAll).
 */
export function ticketFixtures(app: () => TestApp) {
  const db = () => app().database.db;

  /** A cash order of the customer at the shop with one line per name; its invoice number is INV-2026-9NNNNN. */
  async function makeOrder(userId: number, shopId: number, lineNames: string[] = ['Braeburn Apples 1kg']) {
    serial += 1;
    const number = `INV-2026-${String(900000 + serial)}`;
    const total = 250 * lineNames.length;
    const [invoice] = await db()
      .insert(invoices)
      .values({ number, userId, orderType: 'collection', subtotal: total, total, paymentMethod: 'cash' })
      .returning();
    const [order] = await db()
      .insert(orders)
      .values({ invoiceId: invoice!.id, shopId, userId, subtotal: total, total })
      .returning();
    const items = await db()
      .insert(orderItems)
      .values(
        lineNames.map((fullName, i) => ({
          orderId: order!.id,
          productId: 1000 + i,
          fullName,
          type: 'Physical' as const,
          price: 250,
          quantity: 1,
          total: 250,
        })),
      )
      .returning();
    return { id: order!.id, invoiceNumber: number, items };
  }

  async function setShopEmail(shopId: number, email: string | null) {
    await db().update(shops).set({ email }).where(eq(shops.id, shopId));
  }

  async function setSiteEmail(email: string) {
    await db()
      .insert(siteSettings)
      .values({ key: 'email', value: email })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: email } });
  }

  const ticketRow = async (id: number) =>
    (await db().select().from(supportTickets).where(eq(supportTickets.id, id)))[0];
  const messagesOf = (ticketId: number) =>
    db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId)).orderBy(ticketMessages.id);
  const ticketCount = async () => (await db().select({ id: supportTickets.id }).from(supportTickets)).length;
  const messageCount = async () => (await db().select({ id: ticketMessages.id }).from(ticketMessages)).length;
  /** The outbox rows to this address, oldest first. */
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
  const mailCount = async () => (await db().select({ id: mailOutbox.id }).from(mailOutbox)).length;

  /** A call as the holder of `token` (none: a guest). */
  const call = (token: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    app().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  return {
    makeOrder,
    setShopEmail,
    setSiteEmail,
    ticketRow,
    messagesOf,
    ticketCount,
    messageCount,
    mailsTo,
    mailCount,
    call,
  };
}
