import type { DbOrTx } from '../db/client';
import { enqueueMail } from '../modules/mail';
import { customerOrderLines, orderNoticeFacts } from '../modules/orders';
import {
  claimDueReviewPrompts,
  markReviewPromptSent,
  reviewedOrderItems,
  reviewMailUnsubscribeToken,
  reviewPromptMail,
} from '../modules/reviews';

/**
 * Mails the review prompts that have fallen due (REVIEW_PROMPT_DELAY_DAYS after delivery), in
 * one transaction (reviews + orders + mail): each prompt is taken (SKIP LOCKED, so processes
 * share them), its mail queued and the prompt marked sent together, so each order gets at most
 * one. A customer who unsubscribed, or who has reviewed every line already, gets none.
 * Answers the outbox ids, for the mailer once committed, and how many prompts were taken.
 */
export async function sendDueReviewPrompts(
  db: DbOrTx,
  input: { publicUrl: string; linkSecret: Buffer; now?: Date; limit?: number },
): Promise<{ mailIds: number[]; taken: number }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const mailIds: number[] = [];
    const due = await claimDueReviewPrompts(tx, now, input.limit ?? 50);
    for (const prompt of due) {
      const mailId = prompt.optedOut ? null : await promptMail(tx, input, prompt);
      if (mailId !== null) mailIds.push(mailId);
      await markReviewPromptSent(tx, prompt.orderId, mailId);
    }
    return { mailIds, taken: due.length };
  });
}

async function promptMail(
  tx: DbOrTx,
  input: { publicUrl: string; linkSecret: Buffer },
  prompt: { orderId: number; userId: number },
): Promise<number | null> {
  const [facts, order] = await Promise.all([
    orderNoticeFacts(tx, prompt.orderId),
    customerOrderLines(tx, prompt.orderId, prompt.userId),
  ]);
  if (!facts || !order || order.status !== 'delivered') return null;
  const reviewed = await reviewedOrderItems(
    tx,
    order.lines.map((line) => line.id),
  );
  // Both lists are the order's lines by id: the names of those still without a review.
  const lines = facts.lines.flatMap((line, i) => (reviewed.has(order.lines[i]?.id ?? 0) ? [] : [line.fullName]));
  if (lines.length === 0) return null;
  const mail = reviewPromptMail(
    input.publicUrl,
    {
      orderId: prompt.orderId,
      customerName: facts.customerName,
      customerEmail: facts.customerEmail,
      shopName: facts.shopName,
      lines,
    },
    reviewMailUnsubscribeToken(input.linkSecret, prompt.userId),
  );
  return enqueueMail(tx, mail);
}
