import {
  type AdminSecurityEvent,
  SECURITY_EVENT_RETENTION_DAYS,
  SECURITY_EVENTS_PER_PAGE,
  type SecurityEvent,
  type SecurityEventKind,
} from '@parade/core/account-security-schemas';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ilikeAny } from '../../lib/text-match';
import { securityEvents } from './auth.tables';
import { clientKey } from './rate-limit';

/** Where a request came from, as the events and sessions keep it. */
export interface ClientFacts {
  ip: string;
  userAgent: string | null;
}

/** A User-Agent is the client's to choose: kept, but never longer than this. */
const MAX_USER_AGENT = 400;
export const cleanUserAgent = (ua: string | undefined | null): string | null => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const text = (ua ?? '').replace(/[\u0000-\u001F\u007F]/gu, '').trim();
  return text ? text.slice(0, MAX_USER_AGENT) : null;
};

/** Records one event about an account (in the caller's transaction when given one). */
export async function recordSecurityEvent(
  db: DbOrTx,
  event: {
    userId: number | null;
    email: string | null;
    kind: SecurityEventKind;
    client: ClientFacts | null;
    detail?: string | null;
  },
): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    email: event.email,
    kind: event.kind,
    ip: event.client?.ip ?? null,
    userAgent: event.client ? cleanUserAgent(event.client.userAgent) : null,
    detail: event.detail ?? null,
  });
  // Now and then, drop what is older than the retention, so the table keeps a year and no more.
  if (Math.random() < 0.01) await pruneSecurityEvents(db);
}

/** Deletes the events older than SECURITY_EVENT_RETENTION_DAYS; answers how many went. */
export async function pruneSecurityEvents(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, sql`now() - make_interval(days => ${SECURITY_EVENT_RETENTION_DAYS})`))
    .returning({ id: securityEvents.id });
  return gone.length;
}

type EventRow = typeof securityEvents.$inferSelect;

const toDto = (row: EventRow): SecurityEvent => ({
  id: row.id,
  kind: row.kind as SecurityEventKind,
  created_at: row.createdAt.toISOString(),
  ip: row.ip,
  user_agent: row.userAgent,
  detail: row.detail,
});

async function pageOf(
  db: DbOrTx,
  where: SQL | undefined,
  page: number,
  perPage = SECURITY_EVENTS_PER_PAGE,
): Promise<{ rows: EventRow[]; total: number }> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(where)
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(securityEvents).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The account's own events, newest first. */
export async function listUserSecurityEvents(
  db: DbOrTx,
  userId: number,
  page: number,
): Promise<Paginated<SecurityEvent>> {
  const { rows, total } = await pageOf(db, eq(securityEvents.userId, userId), page);
  return paginate(rows.map(toDto), total, page, SECURITY_EVENTS_PER_PAGE);
}

/** Every account's events for the admin, newest first: by part of the e-mail or an address, and by kind. */
export async function listAllSecurityEvents(
  db: DbOrTx,
  filters: { page: number; perPage?: number; search?: string | undefined; kind?: SecurityEventKind | undefined },
): Promise<Paginated<AdminSecurityEvent>> {
  const perPage = filters.perPage ?? SECURITY_EVENTS_PER_PAGE;
  const where = and(
    filters.kind ? eq(securityEvents.kind, filters.kind) : undefined,
    ilikeAny(filters.search, securityEvents.email, securityEvents.ip),
  );
  const { rows, total } = await pageOf(db, where, filters.page, perPage);
  return paginate(
    rows.map((row) => ({ ...toDto(row), user_id: row.userId, email: row.email })),
    total,
    filters.page,
    perPage,
  );
}

/** How long a (device, address) pair stays known: a sign-in from one seen within this is not news. */
export const KNOWN_DEVICE_DAYS = 90;

/**
 * Whether this sign-in comes from a device (the User-Agent) and address (IPv4, or IPv6 /64) not
 * seen signing in to the account within KNOWN_DEVICE_DAYS. An account with no sign-in recorded
 * at all is not alerted: its first recorded sign-in has nothing to be compared with.
 */
export async function isNewSignInPlace(db: DbOrTx, userId: number, client: ClientFacts): Promise<boolean> {
  const [any] = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, 'sign_in')))
    .limit(1);
  if (!any) return false;
  const recent = await db
    .select({ ip: securityEvents.ip, userAgent: securityEvents.userAgent })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.kind, 'sign_in'),
        gt(securityEvents.createdAt, sql`now() - make_interval(days => ${KNOWN_DEVICE_DAYS})`),
      ),
    )
    .orderBy(desc(securityEvents.createdAt))
    .limit(1000);
  const agent = cleanUserAgent(client.userAgent);
  const place = clientKey(client.ip);
  return !recent.some((row) => row.userAgent === agent && row.ip !== null && clientKey(row.ip) === place);
}
