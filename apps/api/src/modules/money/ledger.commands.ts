import { type LedgerOrder, saleEntries } from '@parade/core/money-rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopLedgerEntries } from './money.tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes an order's sale and commission to its shop's ledger once they are due (core's
 * saleEntries: delivered, and paid if by card), available for payout after the hold. Safe to call
 * at every step that can make them due (delivery, a card payment) and again: the unique index on
 * (order, kind) keeps one of each, whatever retries or races (ON CONFLICT DO NOTHING).
 */
export async function recordOrderSale(
  db: DbOrTx,
  order: LedgerOrder & { orderId: number; shopId: number },
  options: { holdDays: number; now?: Date },
): Promise<number> {
  const entries = saleEntries(order);
  if (entries.length === 0) return 0;
  const now = options.now ?? new Date();
  const availableAt = new Date(now.getTime() + options.holdDays * DAY_MS);
  const written = await db
    .insert(shopLedgerEntries)
    .values(
      entries.map((entry) => ({
        shopId: order.shopId,
        kind: entry.kind,
        amount: entry.amount,
        orderId: order.orderId,
        availableAt,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({
      target: [shopLedgerEntries.orderId, shopLedgerEntries.kind],
      where: sql`${shopLedgerEntries.kind} in ('sale', 'commission')`,
    })
    .returning({ id: shopLedgerEntries.id });
  return written.length;
}

/** An adjustment (a correction either way) by an admin, or by the repair command (adminId null), with its reason; available at once. */
export async function recordAdjustment(
  db: DbOrTx,
  input: { shopId: number; amount: number; note: string; adminId: number | null; orderId?: number; now?: Date },
): Promise<typeof shopLedgerEntries.$inferSelect> {
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(shopLedgerEntries)
    .values({
      shopId: input.shopId,
      kind: 'adjustment',
      amount: input.amount,
      orderId: input.orderId ?? null,
      note: input.note,
      createdBy: input.adminId,
      availableAt: now,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('recordAdjustment: no row came back');
  return row;
}

/**
 * A payout Stripe made (docs/decisions/031): minus its amount, about the transfer it records,
 * available at once. Once per transfer (a unique index on payout_transfer_id; a second call
 * writes nothing and answers false). Called in the transaction that marks the transfer paid.
 */
export async function recordPayout(
  db: DbOrTx,
  input: { shopId: number; amount: number; transferId: number; note: string; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  const written = await db
    .insert(shopLedgerEntries)
    .values({
      shopId: input.shopId,
      kind: 'payout',
      amount: -input.amount,
      payoutTransferId: input.transferId,
      note: input.note,
      availableAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: shopLedgerEntries.payoutTransferId })
    .returning({ id: shopLedgerEntries.id });
  return written.length > 0;
}

/**
 * A refund's one `refund` entry in its shop's ledger (docs/decisions/030), available at once:
 * written when the money moved (a card refund Stripe made) or was recorded owed (cash). The
 * unique index on (refund, kind) keeps one per refund whatever retries or races (ON CONFLICT DO
 * NOTHING). A zero amount writes nothing. Answers whether this call wrote it.
 */
export async function recordRefundEntry(
  db: DbOrTx,
  input: { shopId: number; orderId: number; refundId: number; amount: number; note: string; now?: Date },
): Promise<boolean> {
  if (input.amount === 0) return false;
  const now = input.now ?? new Date();
  const written = await db
    .insert(shopLedgerEntries)
    .values({
      shopId: input.shopId,
      kind: 'refund',
      amount: input.amount,
      orderId: input.orderId,
      refundId: input.refundId,
      note: input.note,
      availableAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [shopLedgerEntries.refundId, shopLedgerEntries.kind] })
    .returning({ id: shopLedgerEntries.id });
  return written.length > 0;
}
