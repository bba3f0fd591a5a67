import { payoutHoldDaysSetting, saleEntries } from '@parade/core/money-rules';
import type { Db, DbOrTx } from '../db/client';
import { getSiteSettings } from '../modules/content';
import { orderEntries, recordAdjustment, recordOrderSale } from '../modules/money';
import { dueOrderMoneyFacts, orderMoneyFacts } from '../modules/orders';

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
 * `npm run money:check`: recomputes every due order's sale and commission from the orders (core's
 * saleEntries) and compares their sum with what the ledger holds for the order. With `repair`, a
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
      const differing: LedgerDiscrepancy[] = [];
      for (const order of due) {
        const expected = saleEntries(order).reduce((sum, entry) => sum + entry.amount, 0);
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
