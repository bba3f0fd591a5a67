import { type Paginated, paginate } from '@parade/core/envelope';
import { PAYOUT_RUNS_PER_PAGE } from '@parade/core/payout-schemas';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payoutRuns, payoutTransfers } from './payouts.tables';

export type PayoutRunRow = typeof payoutRuns.$inferSelect;
export type PayoutTransferRow = typeof payoutTransfers.$inferSelect;

/**
 * A transaction-scoped advisory lock every run's decision takes first: two runs decide one
 * after the other, the second seeing the first's pending transfers (held back from what is
 * available), so however many runs start at once, a shop's money is decided once. Released
 * when the transaction ends. The key is an arbitrary constant of this site's own.
 */
export async function lockPayoutDecisions(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK_KEY}::bigint)`);
}
const PAYOUT_LOCK_KEY = 2_024_031;

/** What each shop has in transfers decided but not yet answered by Stripe (held back from its available balance). */
export async function pendingTransferSums(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ shopId: payoutTransfers.shopId, amount: sql<string>`sum(${payoutTransfers.amount})` })
    .from(payoutTransfers)
    .where(eq(payoutTransfers.status, 'pending'))
    .groupBy(payoutTransfers.shopId);
  return new Map(rows.map((row) => [row.shopId, Number(row.amount)]));
}

export interface DecidedTransfer {
  shopId: number;
  amount: number;
  /** `pending`: to be sent to `destination`; `skipped`: not paid, for `reason`. */
  status: 'pending' | 'skipped';
  destination: string | null;
  reason: string | null;
}

/**
 * Writes a run and the transfers decided for it (in the decision's transaction). Each transfer's
 * idempotency key names its run and shop, so every attempt to send it is one transfer to Stripe.
 * A run with nothing pending is finished at once.
 */
export async function createPayoutRun(
  tx: DbOrTx,
  input: { startedBy: number | null; transfers: DecidedTransfer[]; now?: Date },
): Promise<{ runId: number; pendingIds: number[] }> {
  const now = input.now ?? new Date();
  const anyPending = input.transfers.some((transfer) => transfer.status === 'pending');
  const [run] = await tx
    .insert(payoutRuns)
    .values({
      startedBy: input.startedBy,
      status: anyPending ? 'running' : 'finished',
      finishedAt: anyPending ? null : now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: payoutRuns.id });
  if (!run) throw new Error('createPayoutRun: no run came back');
  if (input.transfers.length === 0) return { runId: run.id, pendingIds: [] };
  const rows = await tx
    .insert(payoutTransfers)
    .values(
      input.transfers.map((transfer) => ({
        runId: run.id,
        shopId: transfer.shopId,
        amount: transfer.amount,
        status: transfer.status,
        reason: transfer.reason,
        destination: transfer.destination,
        idempotencyKey: `parade-payout-run-${run.id}-shop-${transfer.shopId}`,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: payoutTransfers.id, status: payoutTransfers.status });
  return { runId: run.id, pendingIds: rows.filter((row) => row.status === 'pending').map((row) => row.id) };
}

/** A transfer still to send, or null (already answered, skipped, or unknown). */
export async function pendingTransfer(db: DbOrTx, id: number): Promise<PayoutTransferRow | null> {
  const [row] = await db
    .select()
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.id, id), eq(payoutTransfers.status, 'pending')));
  return row ?? null;
}

/**
 * Takes up to `limit` transfers pending and untouched since before `before` for this process's
 * sweep to send again, oldest first: locked FOR UPDATE SKIP LOCKED and touched (`updated_at` =
 * now) in one statement, so another process's sweep does not take them too (docs/decisions/042).
 */
export async function claimStalePendingTransfers(db: DbOrTx, before: Date, limit = 50): Promise<number[]> {
  const stale = db
    .select({ id: payoutTransfers.id })
    .from(payoutTransfers)
    .where(and(eq(payoutTransfers.status, 'pending'), lt(payoutTransfers.updatedAt, before)))
    .orderBy(asc(payoutTransfers.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(payoutTransfers)
    .set({ updatedAt: new Date() })
    .where(inArray(payoutTransfers.id, stale))
    .returning({ id: payoutTransfers.id, createdAt: payoutTransfers.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id).map((row) => row.id);
}

/**
 * Stripe answered: `paid` (with its transfer id) or `failed` (with why). Guarded on `pending`,
 * so two processes finishing the same transfer change it once; answers the row when this call
 * made the change. Finishes the run when it was its last pending transfer.
 */
export async function settlePayoutTransfer(
  tx: DbOrTx,
  id: number,
  outcome: { status: 'paid'; stripeTransferId: string } | { status: 'failed'; reason: string },
  now = new Date(),
): Promise<PayoutTransferRow | null> {
  const [row] = await tx
    .update(payoutTransfers)
    .set({
      status: outcome.status,
      stripeTransferId: outcome.status === 'paid' ? outcome.stripeTransferId : null,
      reason: outcome.status === 'failed' ? outcome.reason : null,
      attempts: sql`${payoutTransfers.attempts} + 1`,
      updatedAt: now,
    })
    .where(and(eq(payoutTransfers.id, id), eq(payoutTransfers.status, 'pending')))
    .returning();
  if (!row) return null;
  await tx
    .update(payoutRuns)
    .set({ status: 'finished', finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(payoutRuns.id, row.runId),
        eq(payoutRuns.status, 'running'),
        sql`not exists (select 1 from ${payoutTransfers} where ${payoutTransfers.runId} = ${row.runId} and ${payoutTransfers.status} = 'pending')`,
      ),
    );
  return row;
}

/** An attempt that reached no decision (Stripe down, a timeout): counted, left pending for the sweep. */
export async function notePayoutAttempt(db: DbOrTx, id: number, error: string): Promise<void> {
  await db
    .update(payoutTransfers)
    .set({ attempts: sql`${payoutTransfers.attempts} + 1`, reason: error, updatedAt: new Date() })
    .where(and(eq(payoutTransfers.id, id), eq(payoutTransfers.status, 'pending')));
}

export interface RunTotals {
  count: number;
  amount: number;
}
export type PayoutRunSummary = PayoutRunRow & Record<'paid' | 'pending' | 'failed' | 'skipped', RunTotals>;

async function withTotals(db: DbOrTx, runs: PayoutRunRow[]): Promise<PayoutRunSummary[]> {
  if (runs.length === 0) return [];
  const sums = await db
    .select({
      runId: payoutTransfers.runId,
      status: payoutTransfers.status,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${payoutTransfers.amount})`,
    })
    .from(payoutTransfers)
    .where(
      inArray(
        payoutTransfers.runId,
        runs.map((run) => run.id),
      ),
    )
    .groupBy(payoutTransfers.runId, payoutTransfers.status);
  return runs.map((run) => {
    const totals = (status: PayoutTransferRow['status']): RunTotals => {
      const found = sums.find((sum) => sum.runId === run.id && sum.status === status);
      return { count: Number(found?.count ?? 0), amount: Number(found?.amount ?? 0) };
    };
    return {
      ...run,
      paid: totals('paid'),
      pending: totals('pending'),
      failed: totals('failed'),
      skipped: totals('skipped'),
    };
  });
}

/** The runs, newest first, a page at a time, each with its transfers counted and summed by status. */
export async function listPayoutRuns(
  db: DbOrTx,
  page: number,
  perPage = PAYOUT_RUNS_PER_PAGE,
): Promise<Paginated<PayoutRunSummary>> {
  const runs = await db
    .select()
    .from(payoutRuns)
    .orderBy(desc(payoutRuns.createdAt), desc(payoutRuns.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(payoutRuns);
  return paginate(await withTotals(db, runs), Number(counted?.n ?? 0), page, perPage);
}

/** One run with its totals and every transfer (shop id order), or null. */
export async function findPayoutRun(
  db: DbOrTx,
  runId: number,
): Promise<{ run: PayoutRunSummary; transfers: PayoutTransferRow[] } | null> {
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) return null;
  const [summary] = await withTotals(db, [run]);
  const transfers = await db
    .select()
    .from(payoutTransfers)
    .where(eq(payoutTransfers.runId, runId))
    .orderBy(asc(payoutTransfers.id));
  return { run: summary!, transfers };
}
