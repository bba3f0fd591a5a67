import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, type PushSubscriptionBody } from '@parade/core/push-schemas';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions } from './push.tables';

/** A device to push to, as the sender needs it. */
export interface PushTarget {
  id: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Subscribes this device for the user: one row per endpoint, so registering it again (the browser
 * renewed its keys, or another user signed in on the device) updates it and makes it the user's.
 * Past MAX_PUSH_SUBSCRIPTIONS_PER_USER the user's oldest registrations go: a few devices is a
 * person, hundreds would be a way to make every order change send hundreds of requests.
 */
export async function savePushSubscription(db: DbOrTx, userId: number, body: PushSubscriptionBody): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          createdAt: sql`now()`,
          lastError: null,
        },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Forgets this device for the user; another user's endpoint is left alone. True when one was removed. */
export async function removePushSubscription(db: DbOrTx, userId: number, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Every device these users subscribed: one indexed read, nothing for users without any. */
export async function pushTargetsOf(db: DbOrTx, userIds: number[]): Promise<PushTarget[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(userIds)]))
    .orderBy(pushSubscriptions.id);
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
  }));
}

/** The push service said the subscription is gone (404/410): so is our row. */
export async function forgetPushTarget(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Records what the push service answered: sent, or the error that was not a 404/410. */
export async function recordPushOutcome(db: DbOrTx, id: number, error: string | null): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set(error === null ? { lastSentAt: sql`now()`, lastError: null } : { lastError: error.slice(0, 500) })
    .where(eq(pushSubscriptions.id, id));
}
