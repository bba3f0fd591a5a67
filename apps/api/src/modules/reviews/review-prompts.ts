import { createHmac, timingSafeEqual } from 'node:crypto';
import { REVIEW_PROMPT_DELAY_DAYS } from '@parade/core/review-schemas';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviewMailOptOuts, reviewPrompts } from './reviews.tables';

/**
 * The review prompt: one mail per delivered order, REVIEW_PROMPT_DELAY_DAYS after delivery,
 * asking for reviews of its lines, with a one-click unsubscribe that needs no sign-in (a link
 * signed with the server's link secret, and RFC 8058's `List-Unsubscribe-Post`).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Called when an order becomes delivered (in that transaction): its prompt falls due later. */
export async function scheduleReviewPrompt(
  tx: DbOrTx,
  input: { orderId: number; userId: number; deliveredAt: Date },
): Promise<void> {
  await tx
    .insert(reviewPrompts)
    .values({
      orderId: input.orderId,
      userId: input.userId,
      dueAt: new Date(input.deliveredAt.getTime() + REVIEW_PROMPT_DELAY_DAYS * DAY_MS),
    })
    .onConflictDoNothing();
}

/**
 * Takes up to `limit` due prompts for this transaction: locked (SKIP LOCKED, so processes share
 * the work and never take one twice) and returned; the caller marks each sent in the same
 * transaction as it queues its mail.
 */
export async function claimDueReviewPrompts(
  tx: DbOrTx,
  now: Date,
  limit: number,
): Promise<{ orderId: number; userId: number; optedOut: boolean }[]> {
  const rows = await tx
    .select({
      orderId: reviewPrompts.orderId,
      userId: reviewPrompts.userId,
      optedOut: sql<boolean>`exists (select 1 from ${reviewMailOptOuts} where ${reviewMailOptOuts.userId} = ${reviewPrompts.userId})`,
    })
    .from(reviewPrompts)
    .where(and(isNull(reviewPrompts.sentAt), lte(reviewPrompts.dueAt, now)))
    .orderBy(reviewPrompts.dueAt)
    .limit(limit)
    .for('update', { of: reviewPrompts, skipLocked: true });
  return rows.map((row) => ({ ...row, optedOut: row.optedOut === true || String(row.optedOut) === 't' }));
}

export async function markReviewPromptSent(tx: DbOrTx, orderId: number, mailId: number | null): Promise<void> {
  await tx.update(reviewPrompts).set({ sentAt: sql`now()`, mailId }).where(eq(reviewPrompts.orderId, orderId));
}

export async function optOutOfReviewMails(db: DbOrTx, userId: number): Promise<void> {
  await db.insert(reviewMailOptOuts).values({ userId }).onConflictDoNothing();
}

const TOKEN = /^([1-9]\d{0,9})\.([0-9a-f]{64})$/;

function signature(secret: Buffer, userId: number): string {
  return createHmac('sha256', secret).update(`parade-review-mail-unsubscribe:v1:${userId}`).digest('hex');
}

/** The unsubscribe token of a customer: their id and an HMAC of it under the server's link secret. */
export function reviewMailUnsubscribeToken(secret: Buffer, userId: number): string {
  return `${userId}.${signature(secret, userId)}`;
}

/** The customer a token was made for, or null when it was not made by us. */
export function checkReviewMailUnsubscribeToken(secret: Buffer, token: string): number | null {
  const match = TOKEN.exec(token.trim());
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId > 2_147_483_647) return null;
  const expected = Buffer.from(signature(secret, userId), 'utf8');
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'utf8')) ? userId : null;
}
