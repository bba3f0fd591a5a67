import { formatMoney } from '@parade/core/money';
import { deliveryPointsTakenBack, refundLedgerAmount, returnRefund } from '@parade/core/refund-rules';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import { deliveryPointsAwarded, reverseReturnPoints } from '../modules/cart';
import type { OutgoingMail } from '../modules/mail';
import { recordRefundEntry } from '../modules/money';
import { lockOrder, type OrderRefundFacts, orderRefundFacts, setOrderRefundedAmount } from '../modules/orders';
import {
  orderRefunds,
  queueReturnRefund,
  type RefundRow,
  refundedOfOrder,
  refundsOfReturns,
  settleCashRefund,
} from '../modules/payments';
import {
  type LockedReturn,
  lockVendorReturn,
  type ReturnMailFacts,
  type ReturnRefundFacts,
  receivedQuantities,
  returnRefundMails,
} from '../modules/returns';
import { shopsForOrders } from '../modules/shops';

/**
 * The refund of a return just marked received (docs/decisions/030), in the receipt's
 * transaction: the order is locked (two returns of one order received at once are refunded one
 * after the other, each after the other's quantities), the refund computed by core's rule from
 * the order's lines and the quantities already back, and
 * - a card order gets a `pending` card refund, sent to Stripe after the commit (its ledger
 *   entry and its mails wait for Stripe's yes: complete-refund);
 * - a cash order gets an `owed` cash refund, its ledger entry at once (the shop's balance takes
 *   the commission given back now) and the customer's and the shop's mails;
 * - the points the returned lines spent are given back and the delivery points they earned
 *   taken back, once (the receipt is).
 * Answers the refund (null when nothing is left to refund), the card refunds to send and the mails.
 */
export async function refundReceivedReturn(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl' | 'adminUrl'>,
  found: LockedReturn,
  facts: ReturnMailFacts,
): Promise<{ refund: ReturnRefundFacts | null; refundIds: number[]; mails: OutgoingMail[] }> {
  const none = { refund: null, refundIds: [], mails: [] };
  if (found.orderItemId === null) return none;
  await lockOrder(tx, found.orderId);
  const order = await orderRefundFacts(tx, found.orderId);
  if (!order) return none;
  const before = await receivedQuantities(tx, order.id, found.id);
  const { amount, pointsBack } = returnRefund(order, order.lines, before, {
    lineId: found.orderItemId,
    quantity: found.quantity,
  });
  const earlier = await orderRefunds(tx, order.id);
  const returnedBefore = sumReturnRefunds(earlier);

  const awarded = await deliveryPointsAwarded(tx, order.id);
  const takeBack = deliveryPointsTakenBack(awarded, order.total - order.shippingCharge, returnedBefore, amount);
  await reverseReturnPoints(tx, {
    userId: order.userId,
    shopId: order.shopId,
    orderId: order.id,
    giveBack: pointsBack,
    takeBack,
  });

  const method = order.paymentMethod;
  const row = await queueReturnRefund(tx, {
    invoiceId: order.invoiceId,
    orderId: order.id,
    returnId: found.id,
    amount,
    method,
  });
  if (!row) return none;
  const refund = { amount: row.amount, method: row.method };
  if (row.method === 'card') return { refund, refundIds: [row.id], mails: [] };

  await writeRefundEntry(tx, order, row, earlier);
  const shop = (await shopsForOrders(tx, [order.shopId])).get(order.shopId);
  const mails = returnRefundMails(
    config,
    { customer: found.customer, shop: { name: shop?.name ?? 'The shop', email: shop?.email ?? null } },
    facts,
    refund,
  );
  return { refund, refundIds: [], mails };
}

/** The money of the order's `return` refunds in this list (the cumulative rules' "before"). */
export function sumReturnRefunds(rows: RefundRow[]): number {
  return rows.filter((row) => row.kind === 'return').reduce((sum, row) => sum + row.amount, 0);
}

/**
 * A return refund's one ledger entry (core's refundLedgerAmount, after the order's earlier
 * `return` refunds by id: the check command recomputes it the same way).
 */
export async function writeRefundEntry(
  tx: DbOrTx,
  order: Pick<OrderRefundFacts, 'id' | 'shopId' | 'invoiceNumber' | 'total' | 'commission' | 'platformDiscount'>,
  refund: RefundRow,
  orderRefundRows: RefundRow[],
): Promise<boolean> {
  const before = sumReturnRefunds(orderRefundRows.filter((row) => row.id < refund.id));
  const amount = refundLedgerAmount(order, { method: refund.method, amount: refund.amount }, before);
  const how = refund.method === 'card' ? 'to the card' : 'owed in cash by the shop';
  return recordRefundEntry(tx, {
    shopId: order.shopId,
    orderId: order.id,
    refundId: refund.id,
    amount,
    note: `Return refund of ${formatMoney(refund.amount)} ${how} (commission on it given back)`,
  });
}

/**
 * The shop paid a return's cash refund back over the counter (docs/decisions/030): the refund
 * becomes `settled`, once, and the order and its invoice `partially_refunded` or `refunded` by
 * the money gone back, in one transaction. Scoped by the shop: another shop's return is 404; a
 * return without an owed cash refund is 409 `refund_not_owed`. (The ledger entry was written
 * when the refund was recorded owed.)
 */
export async function settleReturnCashRefund(db: Db, input: { shopId: number; returnId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await lockVendorReturn(tx, input.shopId, input.returnId);
    if (!found) throw notFound('Return not found.', 'return_not_found');
    const refund = (await refundsOfReturns(tx, [found.id])).get(found.id);
    if (refund?.method !== 'cash' || refund.status !== 'owed') {
      throw new AppError(409, 'This return has no cash refund owed.', {}, 'refund_not_owed');
    }
    await lockOrder(tx, refund.orderId);
    if (!(await settleCashRefund(tx, refund.id))) {
      throw new AppError(409, 'This return has no cash refund owed.', {}, 'refund_not_owed');
    }
    await setOrderRefundedAmount(tx, refund.orderId, await refundedOfOrder(tx, refund.orderId));
  });
}
