import { isIPv4, isIPv6 } from 'node:net';
import type { ErrorCode } from '@parade/core/error-codes';
import { messages } from '@parade/core/messages';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { rateLimitHits } from './auth.tables';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
  /** The 429's code when this counter is over; `rate_limited` unless said. */
  code?: ErrorCode;
}

/**
 * Limits for the calls that guess or spam, per client address and per (account, address) pair.
 * No limit is per account alone: a counter anyone can fill for someone else's e-mail would let
 * them lock its owner out (see accountThrottle for what guards an account from many addresses).
 */
export const authRateLimits = {
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  // Sign-in attempts on one account from one address; a successful sign-in clears it.
  loginPerAccountAndIp: { max: 10, windowSeconds: 15 * 60 },
  forgotPerIp: { max: 10, windowSeconds: 60 * 60 },
  forgotPerAccountAndIp: { max: 3, windowSeconds: 60 * 60 },
  // Sign-up answers "e-mail already taken", so unlimited sign-ups would probe for accounts
  // (and fill the database); a household or a shop's till shares one IP, hence not lower.
  registerPerIp: { max: 20, windowSeconds: 60 * 60 },
  // Each reset attempt with a live token costs a password hash.
  resetPerIp: { max: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * What guards one account against guesses spread over many addresses, without handing anyone a
 * way to lock its owner out. Addresses the account was signed in from (or signed up or reset its
 * password from) within `knownClientDays` are the owner's: they are never slowed here. Every
 * other address is slowed once the account has had many failed sign-ins: one attempt at a time
 * for the whole account, with a wait that grows with the failures (a 429 with Retry-After to
 * whoever comes too soon). Likewise reset mails to unknown addresses stop (silently) past a cap.
 */
export const accountThrottle = {
  /** Failed sign-ins on the account, from every address, are counted over this window. */
  failureWindowSeconds: 60 * 60,
  /** More than one address can reach alone (loginPerAccountAndIp), so one address never triggers it. */
  slowAfterFailures: 20,
  /** The longest wait between two attempts from unknown addresses. */
  maxWaitSeconds: 60,
  /** Reset mails per account and hour for requests from unknown addresses; past it "forgot" answers the same and sends nothing. */
  resetMailsFromUnknownClients: { max: 5, windowSeconds: 60 * 60 } satisfies RateLimitRule,
  knownClientDays: 90,
} as const;

/**
 * Seconds an unknown address must wait after the previous attempt on an account that has had
 * `failures` failed sign-ins in the window: none below the threshold, then 2, 4, 8... up to the
 * cap. Past the cap the account takes about one guess a minute from the whole internet.
 */
export function accountWaitSeconds(failures: number): number {
  const over = failures - accountThrottle.slowAfterFailures;
  if (over < 0) return 0;
  return Math.min(accountThrottle.maxWaitSeconds, 2 ** (over + 1));
}

/**
 * The part of a client address the per-address limits count: an IPv4 address (also when written
 * IPv4-mapped), or the /64 network of an IPv6 address, since one subscriber holds a whole /64 and
 * could otherwise take a fresh address for every attempt.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/u, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - (tail ? tail.split(':').length : 0)).fill('0')];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/u, ''))
    .join(':')}::/64`;
}

/** The counter key of an account (a normalised e-mail) seen from one client address. */
export const accountClientKey = (prefix: string, account: string, ip: string) =>
  `${prefix}:${account} ${clientKey(ip)}`;

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

/** The hits counted on a key in its current window (0 when none or the window has closed). */
export async function countInWindow(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowEndsAt, sql`now()`)));
  return row?.count ?? 0;
}

/**
 * Takes the turn kept under `key` when it is free (no turn taken in the last `waitSeconds`),
 * making the next one free `waitSeconds` from now, and returns 0; else the seconds until it is
 * free. One statement: of concurrent callers only one takes a free turn.
 */
export async function takeTurn(db: DbOrTx, key: string, waitSeconds: number): Promise<number> {
  const taken = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, windowEndsAt: sql`now() + make_interval(secs => ${waitSeconds})` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: { count: sql`${rateLimitHits.count} + 1`, windowEndsAt: sql`excluded.window_ends_at` },
      setWhere: sql`${rateLimitHits.windowEndsAt} <= now()`,
    })
    .returning({ key: rateLimitHits.key });
  if (taken.length > 0) return 0;
  const [row] = await db
    .select({
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimitHits.windowEndsAt} - now()))))::int`,
    })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, key));
  return Number(row?.secondsLeft ?? 1);
}

/**
 * Hits the counters in order and answers 429 at the first one over its limit, without counting
 * the attempt on the later ones. Put the client's IP first: a client already over its own limit
 * then cannot keep adding to other counters.
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

const knownClientKey = (account: string, ip: string) => accountClientKey('known', account, ip);

/**
 * Remembers the client address as the account owner's for accountThrottle.knownClientDays (kept
 * in the counters' table as a row that expires then: no table of its own needed).
 */
export async function rememberClient(db: DbOrTx, account: string, ip: string): Promise<void> {
  const expires = sql`now() + make_interval(days => ${accountThrottle.knownClientDays})`;
  await db
    .insert(rateLimitHits)
    .values({ key: knownClientKey(account, ip), count: 1, windowEndsAt: expires })
    .onConflictDoUpdate({ target: rateLimitHits.key, set: { windowEndsAt: expires } });
}

/** True when the owner of the account signed in (or up, or reset) from this address lately. */
export async function isKnownClient(db: DbOrTx, account: string, ip: string): Promise<boolean> {
  return (await countInWindow(db, knownClientKey(account, ip))) > 0;
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
