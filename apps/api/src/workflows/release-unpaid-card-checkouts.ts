import type { Db } from '../db/client';
import { claimOverdueCardInvoices, endCardPaymentWait } from '../modules/orders';
import { cancelInvoiceOrders } from './change-order-status';

/** The note each cancelled order's history carries. */
export const UNPAID_CARD_NOTE = 'Cancelled automatically: the card payment was not completed in time.';

/**
 * Cancels the orders of card checkouts left unpaid (or failed) past their payment due time, giving
 * back stock, points and coupon uses, one invoice per transaction; returns the invoices released,
 * their orders and the customers' status mails (to hand to the mailer).
 * Each invoice is claimed FOR UPDATE SKIP LOCKED, so several API processes running this at once
 * never release the same invoice twice, and a payment webhook for it waits and then sees it cancelled.
 */
export async function releaseUnpaidCardCheckouts(
  db: Db,
  options: { publicUrl: string; now?: Date; limit?: number; stop?: () => boolean },
): Promise<{ invoiceIds: number[]; orderIds: number[]; mailIds: number[] }> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 100;
  const invoiceIds: number[] = [];
  const orderIds: number[] = [];
  const mailIds: number[] = [];
  // `stop` (the process is draining) is asked between invoices: each is whole or untouched.
  while (invoiceIds.length < limit && !options.stop?.()) {
    const released = await db.transaction(async (tx) => {
      const [invoiceId] = await claimOverdueCardInvoices(tx, now, 1);
      if (invoiceId === undefined) return null;
      const cancelled = await cancelInvoiceOrders(tx, invoiceId, UNPAID_CARD_NOTE, options.publicUrl);
      await endCardPaymentWait(tx, [invoiceId]);
      return { invoiceId, cancelled };
    });
    if (!released) break;
    invoiceIds.push(released.invoiceId);
    orderIds.push(...released.cancelled.orderIds);
    mailIds.push(...released.cancelled.mailIds);
  }
  return { invoiceIds, orderIds, mailIds };
}
