import type { AdminRefund, OrderRefund, ReturnRefund } from '@parade/core/refund-schemas';
import type { DbOrTx } from '../../db/client';
import { returnSummaries } from '../returns';
import { orderRefunds, type RefundRow, refundsOfReturns } from './refunds.commands';

/** A refund as a return carries it (docs/decisions/030). */
export const toReturnRefund = (row: RefundRow): ReturnRefund => ({
  id: row.id,
  amount: row.amount,
  method: row.method,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

/** These returns with their refunds (null when none), one query. */
export async function withReturnRefunds<T extends { id: number }>(
  db: DbOrTx,
  list: T[],
): Promise<(T & { refund: ReturnRefund | null })[]> {
  const found = await refundsOfReturns(
    db,
    list.map((item) => item.id),
  );
  return list.map((item) => {
    const row = found.get(item.id);
    return { ...item, refund: row ? toReturnRefund(row) : null };
  });
}

/** A refund as the customer's order page shows it; `item` names a return's line. */
export const toOrderRefund = (row: RefundRow, item: { full_name: string; quantity: number } | null): OrderRefund => ({
  ...toReturnRefund(row),
  kind: row.kind,
  return_id: row.returnId,
  item,
});

/** A refund as the admin's list shows it. */
export const toAdminRefund = (row: RefundRow): AdminRefund => ({
  ...toReturnRefund(row),
  kind: row.kind,
  order_id: row.orderId,
  invoice_id: row.invoiceId,
  return_id: row.returnId,
  attempts: row.attempts,
  last_error: row.lastError,
  updated_at: row.updatedAt.toISOString(),
});

/** The order's refunds as its pages show them, oldest first, a return's with the line it took back. */
export async function orderRefundList(db: DbOrTx, orderId: number): Promise<OrderRefund[]> {
  const rows = await orderRefunds(db, orderId);
  const lines = await returnSummaries(
    db,
    rows.flatMap((row) => (row.returnId === null ? [] : [row.returnId])),
  );
  return rows.map((row) => {
    const line = row.returnId === null ? undefined : lines.get(row.returnId);
    return toOrderRefund(row, line ? { full_name: line.fullName, quantity: line.quantity } : null);
  });
}
