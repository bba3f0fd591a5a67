import type { ErrorCode } from '@parade/core/error-codes';
import { messages } from '@parade/core/messages';
import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { rateLimitHits } from './auth.tables';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
  /** The 429's code when this counter is over; `rate_limited` unless said. */
  code?: ErrorCode;
}

/** Limits for the calls that guess or spam: per client IP and per account (e-mail). */
export const authRateLimits = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60, code: 'account_locked' },
  forgotPerIp: { max: 10, windowSeconds: 60 * 60 },
  forgotPerAccount: { max: 3, windowSeconds: 60 * 60 },
  // Sign-up answers "e-mail already taken", so unlimited sign-ups would probe for accounts
  // (and fill the database); a household or a shop's till shares one IP, hence not lower.
  registerPerIp: { max: 20, windowSeconds: 60 * 60 },
  // Each reset attempt with a live token costs a password hash.
  resetPerIp: { max: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Counts one hit on a fixed-window counter in the database (so every API process shares it)
 * and returns how many seconds to wait when the limit is exceeded, else 0. One statement:
 * concurrent hits cannot both slip under the limit.
 */
export async function hitRateLimit(db: DbOrTx, key: string, rule: RateLimitRule): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, windowEndsAt: sql`now() + make_interval(secs => ${rule.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${rateLimitHits.windowEndsAt} <= now() then 1 else ${rateLimitHits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimitHits.windowEndsAt} <= now() then excluded.window_ends_at else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimitHits.count,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimitHits.windowEndsAt} - now()))))::int`,
    });
  // Now and then, drop counters whose window closed long ago, so the table stays small.
  if (Math.random() < 0.01) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.windowEndsAt, sql`now() - interval '1 day'`));
  }
  if (!row || row.count <= rule.max) return 0;
  return Number(row.secondsLeft);
}

/**
 * Hits the counters in order and answers 429 at the first one over its limit, without counting
 * the attempt on the later ones. Put the client's IP first: a client already over its own limit
 * then cannot keep other people's accounts locked by adding to their counters.
 */
export async function enforceRateLimits(db: DbOrTx, hits: { key: string; rule: RateLimitRule }[]): Promise<void> {
  for (const { key, rule } of hits) {
    const wait = await hitRateLimit(db, key, rule);
    if (wait > 0) throw new TooManyRequests(wait, rule.code);
  }
}

export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** A 429 in the envelope that also says when to come back (Retry-After). */
export class TooManyRequests extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'rate_limited',
  ) {
    super(429, messages.tooManyRequests, {}, code);
  }
}
