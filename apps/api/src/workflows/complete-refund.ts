import { formatMoney } from '@parade/core/money';
import type { Db } from '../db/client';
import { enqueueMails, type OutgoingMail } from '../modules/mail';
import { orderMoneyFacts, orderNoticeFacts, setOrderRefunded } from '../modules/orders';
import { settleRefund } from '../modules/payments';
import { shopsForOrders } from '../modules/shops';

/**
 * Records what Stripe answered for a refund, in one transaction (payments + orders + mail):
 * `succeeded` marks the order `refunded` (its invoice `refunded` or `partially_refunded`) and
 * tells the customer and the shop; `failed` leaves the order paid, for a person to look at (the
 * caller logs it). Guarded on the refund still being pending, so a second answer changes
 * nothing. A cancelled order was never delivered, so its shop's ledger holds no sale to take
 * back (decision 028). Answers the mails to hand to the mailer.
 */
export async function completeRefund(
  db: Db,
  refundId: number,
  outcome: { status: 'succeeded'; providerRef: string } | { status: 'failed'; error: string },
): Promise<{ mailIds: number[]; refund: { orderId: number; amount: number } | null }> {
  return db.transaction(async (tx) => {
    const refund = await settleRefund(tx, refundId, outcome);
    if (!refund) return { mailIds: [], refund: null };
    if (outcome.status === 'failed') return { mailIds: [], refund: { orderId: refund.orderId, amount: refund.amount } };
    await setOrderRefunded(tx, refund.orderId);
    const facts = await orderNoticeFacts(tx, refund.orderId);
    const mails: OutgoingMail[] = [];
    if (facts) {
      const amount = formatMoney(refund.amount);
      mails.push({
        kind: 'order-refund',
        to: facts.customerEmail,
        subject: `${facts.shopName}: your refund of ${amount} for order ${facts.invoiceNumber}`,
        text: [
          `Hello ${facts.customerName},`,
          '',
          `Your order ${facts.invoiceNumber} from ${facts.shopName} was cancelled, and ${amount} has gone back to the card you paid with.`,
          'Banks usually show a refund within 5 to 10 working days.',
          '',
          `${facts.shopName}, on Parade`,
        ].join('\n'),
      });
      const [money] = await orderMoneyFacts(tx, [refund.orderId]);
      const shop = money ? (await shopsForOrders(tx, [money.shopId])).get(money.shopId) : undefined;
      if (shop?.email) {
        mails.push({
          kind: 'order-refund-for-shop',
          to: shop.email,
          subject: `Refund of ${amount} sent for order ${facts.invoiceNumber}`,
          text: [
            `The cancelled order ${facts.invoiceNumber} was paid by card: ${amount} has gone back to ${facts.customerName}'s card.`,
            'Nothing is owed to your shop for it, and no commission is charged on it.',
          ].join('\n'),
        });
      }
    }
    return { mailIds: await enqueueMails(tx, mails), refund: { orderId: refund.orderId, amount: refund.amount } };
  });
}
