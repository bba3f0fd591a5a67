import {
  addFigures,
  daysOf,
  type FinanceGroup,
  type FinanceReport,
  type FinanceRow,
  financeRange,
} from '@parade/core/finance-schemas';
import type { DbOrTx } from '../db/client';
import { payoutTotalsBy, shopBalancesNow } from '../modules/money';
import { orderSalesBy, orderShopIds } from '../modules/orders';
import { refundTotalsBy } from '../modules/payments';
import { shopNames } from '../modules/shops';

/**
 * The platform's finance report (docs/decisions/032): each module sums its own part (the orders
 * their sales and commission, payments the refunds, money the payouts and balances) and this
 * adds them up per London day or per shop. A read: no transaction.
 */
export async function financeReport(
  db: DbOrTx,
  query: { date_from?: string; date_to?: string; group?: FinanceGroup },
  now = new Date(),
): Promise<FinanceReport> {
  const { dateFrom, dateTo } = financeRange(query, now);
  const group = query.group ?? 'day';
  const range = { dateFrom, dateTo, group };
  const [sales, refundsByKey, payouts, balances] = await Promise.all([
    orderSalesBy(db, range),
    refundTotalsBy(db, range, group === 'day' ? 'day' : 'order'),
    payoutTotalsBy(db, range),
    shopBalancesNow(db, now),
  ]);
  const refunds = group === 'day' ? refundsByKey : await refundsPerShop(db, refundsByKey);
  const figuresOf = (key: string) =>
    addFigures(sales.get(key), { refunds: refunds.get(key) ?? 0, payouts: payouts.get(key) ?? 0 });

  let rows: FinanceRow[];
  if (group === 'day') {
    rows = daysOf(dateFrom, dateTo).map((day) => ({
      key: day,
      label: day,
      shop_id: null,
      pending: null,
      available: null,
      ...figuresOf(day),
    }));
  } else {
    // Every shop with a figure in the range or money on its balance now.
    const shopIds = new Set<number>();
    for (const map of [sales, refunds, payouts]) for (const key of map.keys()) shopIds.add(Number(key));
    for (const [shopId, balance] of balances) if (balance.pending || balance.available) shopIds.add(shopId);
    const names = await shopNames(db, [...shopIds]);
    rows = [...shopIds]
      .map((shopId) => {
        const balance = balances.get(shopId);
        return {
          key: String(shopId),
          label: names.get(shopId) ?? `Shop ${shopId}`,
          shop_id: shopId,
          pending: balance?.pending ?? 0,
          available: balance?.available ?? 0,
          ...figuresOf(String(shopId)),
        };
      })
      .sort((a, b) => a.label.localeCompare(b.label, 'en-GB') || a.shop_id - b.shop_id);
  }
  const totals = addFigures(...rows);
  const payoutsDue = [...balances.values()].reduce((sum, b) => sum + Math.max(b.available, 0), 0);
  return { date_from: dateFrom, date_to: dateTo, group, rows, totals, payouts_due: payoutsDue };
}

/** Refunds keyed by order, summed per shop. */
async function refundsPerShop(db: DbOrTx, byOrder: Map<string, number>): Promise<Map<string, number>> {
  const shops = await orderShopIds(db, [...byOrder.keys()].map(Number));
  const perShop = new Map<string, number>();
  for (const [orderId, amount] of byOrder) {
    const shopId = String(shops.get(Number(orderId)));
    perShop.set(shopId, (perShop.get(shopId) ?? 0) + amount);
  }
  return perShop;
}
