import { payoutHoldDaysSetting, saleEntries } from '@parade/core/money-rules';
import { refundLedgerAmount } from '@parade/core/refund-rules';
import type { Db, DbOrTx } from '../db/client';
import { getSiteSettings } from '../modules/content';
import { orderEntries, recordAdjustment, recordOrderSale } from '../modules/money';
import { dueOrderMoneyFacts, type OrderMoneyFacts, orderMoneyFacts, orderRefundFacts } from '../modules/orders';
import { ledgerDueReturnRefunds, orderRefunds, refundsOfOrders } from '../modules/payments';
import { sumReturnRefunds, writeRefundEntry } from './refund-return';

/**
 * Puts the sales of these orders that became due (delivered; paid, if by card) in their shops'
 * ledgers, in the caller's transaction: the status change to delivered and the card payment
 * call it, so neither order of the two events misses the sale, and the ledger's unique index
 * keeps one sale per order whichever comes last (docs/decisions/028).
 */
export async function recordOrderSales(tx: DbOrTx, orderIds: number[], now = new Date()): Promise<void> {
  const facts = await orderMoneyFacts(tx, orderIds);
  if (facts.length === 0) return;
  const holdDays = payoutHoldDaysSetting((await getSiteSettings(tx)).payout_hold_days);
  for (const order of facts) await recordOrderSale(tx, order, { holdDays, now });
}

export interface LedgerDiscrepancy {
  orderId: number;
  shopId: number;
  /** What the order's sale and commission add up to by core's rule. */
  expected: number;
  /** What the ledger holds for the order: its sale, its commission and any repair of them. */
  recorded: number;
}

/**
 * The `refund` entries each due order's ledger should hold (docs/decisions/030): one per return
 * refund whose money moved or is owed (card succeeded, cash owed or settled), by core's
 * refundLedgerAmount after the order's earlier return refunds (by id), as writeRefundEntry wrote it.
 */
async function expectedRefundEntries(
  tx: DbOrTx,
  due: OrderMoneyFacts[],
): Promise<Map<number, { refundId: number; amount: number }[]>> {
  const byOrder = new Map(due.map((order) => [order.orderId, order]));
  const dueRefunds = (await ledgerDueReturnRefunds(tx)).filter((refund) => byOrder.has(refund.orderId));
  const all = await refundsOfOrders(
    tx,
    dueRefunds.map((refund) => refund.orderId),
  );
  const expected = new Map<number, { refundId: number; amount: number }[]>();
  for (const refund of dueRefunds) {
    const order = byOrder.get(refund.orderId)!;
    const before = sumReturnRefunds(all.filter((row) => row.orderId === refund.orderId && row.id < refund.id));
    const amount = refundLedgerAmount(order, { method: refund.method, amount: refund.amount }, before);
    expected.set(refund.orderId, [...(expected.get(refund.orderId) ?? []), { refundId: refund.id, amount }]);
  }
  return expected;
}

/** Writes the order's missing `refund` entries as writeRefundEntry would have (the repair). */
async function recordMissingRefundEntries(tx: DbOrTx, order: OrderMoneyFacts): Promise<void> {
  const rows = await orderRefunds(tx, order.orderId);
  const due = new Set((await ledgerDueReturnRefunds(tx)).map((refund) => refund.id));
  const facts = await orderRefundFacts(tx, order.orderId);
  if (!facts) return;
  for (const refund of rows.filter((row) => due.has(row.id))) await writeRefundEntry(tx, facts, refund, rows);
}

/**
 * `npm run money:check`: recomputes every due order's sale and commission from the orders (core's
 * saleEntries), and its return refunds' entries (decision 030), and compares their sum with what
 * the ledger holds for the order. With `repair`, a
 * missing entry is written as it would have been, and what is still wrong is corrected by an
 * adjustment on the order (the ledger is append-only, so nothing is changed). Answers what
 * differed before any repair.
 */
export async function checkLedger(db: Db, options: { repair: boolean }): Promise<LedgerDiscrepancy[]> {
  return db.transaction(async (tx) => {
    const compare = async () => {
      const due = await dueOrderMoneyFacts(tx);
      const recorded = new Map<number, number>();
      for (const entry of await orderEntries(tx)) {
        recorded.set(entry.orderId, (recorded.get(entry.orderId) ?? 0) + entry.amount);
      }
      const refunded = await expectedRefundEntries(tx, due);
      const differing: LedgerDiscrepancy[] = [];
      for (const order of due) {
        const expected =
          saleEntries(order).reduce((sum, entry) => sum + entry.amount, 0) +
          (refunded.get(order.orderId) ?? []).reduce((sum, entry) => sum + entry.amount, 0);
        const have = recorded.get(order.orderId) ?? 0;
        if (have !== expected)
          differing.push({ orderId: order.orderId, shopId: order.shopId, expected, recorded: have });
      }
      return { due, differing };
    };
    const before = await compare();
    if (!options.repair || before.differing.length === 0) return before.differing;
    const holdDays = payoutHoldDaysSetting((await getSiteSettings(tx)).payout_hold_days);
    const differingIds = new Set(before.differing.map((d) => d.orderId));
    for (const order of before.due.filter((o) => differingIds.has(o.orderId))) {
      await recordOrderSale(tx, order, { holdDays });
      await recordMissingRefundEntries(tx, order);
    }
    for (const wrong of (await compare()).differing) {
      await recordAdjustment(tx, {
        shopId: wrong.shopId,
        orderId: wrong.orderId,
        amount: wrong.expected - wrong.recorded,
        note: `Repair: the ledger held ${wrong.recorded} for this order's sale and commission; they come to ${wrong.expected}`,
        adminId: null,
      });
    }
    return before.differing;
  });
}
