import { formatMoney } from '@parade/core/money';
import type { Db, DbOrTx } from '../db/client';
import { enqueueMails, type OutgoingMail } from '../modules/mail';
import {
  orderMoneyFacts,
  orderNoticeFacts,
  orderRefundFacts,
  setOrderRefunded,
  setOrderRefundedAmount,
} from '../modules/orders';
import { orderRefunds, type RefundRow, refundedOfOrder, settleRefund } from '../modules/payments';
import { returnRefundMails, returnSummaries } from '../modules/returns';
import { shopsForOrders } from '../modules/shops';
import { writeRefundEntry } from './refund-return';

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
  urls: { publicUrl: string; adminUrl: string } = { publicUrl: '', adminUrl: '' },
): Promise<{ mailIds: number[]; refund: { orderId: number; amount: number } | null }> {
  return db.transaction(async (tx) => {
    const refund = await settleRefund(tx, refundId, outcome);
    if (!refund) return { mailIds: [], refund: null };
    if (outcome.status === 'failed') return { mailIds: [], refund: { orderId: refund.orderId, amount: refund.amount } };
    if (refund.kind === 'return') {
      return {
        mailIds: await completeReturnRefund(tx, refund, urls),
        refund: { orderId: refund.orderId, amount: refund.amount },
      };
    }
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

/**
 * Stripe made a return's card refund (docs/decisions/030), in completeRefund's transaction: the
 * shop's ledger takes its one `refund` entry, the order and invoice become `partially_refunded`
 * or `refunded` by the money gone back, and the customer and the shop are mailed.
 */
async function completeReturnRefund(
  tx: DbOrTx,
  refund: RefundRow,
  urls: { publicUrl: string; adminUrl: string },
): Promise<number[]> {
  const order = await orderRefundFacts(tx, refund.orderId);
  if (!order) return [];
  await writeRefundEntry(tx, order, refund, await orderRefunds(tx, order.id));
  await setOrderRefundedAmount(tx, order.id, await refundedOfOrder(tx, order.id));
  const facts = await orderNoticeFacts(tx, order.id);
  const shop = (await shopsForOrders(tx, [order.shopId])).get(order.shopId);
  const line =
    refund.returnId === null ? undefined : (await returnSummaries(tx, [refund.returnId])).get(refund.returnId);
  if (!facts || !line) return [];
  const mails = returnRefundMails(
    urls,
    {
      customer: { name: facts.customerName, email: facts.customerEmail },
      shop: { name: shop?.name ?? facts.shopName, email: shop?.email ?? null },
    },
    {
      returnId: refund.returnId!,
      orderId: order.id,
      invoiceNumber: order.invoiceNumber,
      fullName: line.fullName,
      quantity: line.quantity,
    },
    { amount: refund.amount, method: 'card' },
  );
  return enqueueMails(tx, mails);
}
