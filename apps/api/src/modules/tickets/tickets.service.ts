import type { AdminTicket, AdminTicketDetail, TicketMessage } from '@parade/core/admin-schemas';
import type { TicketAuthor, TicketStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userRefs } from '../users';
import { supportTickets, ticketMessages } from './tickets.tables';

/**
 * Support tickets: the platform's queue now, the customer's own tickets later. Every query
 * takes an optional `userId`; given, it sees only that customer's tickets, so another
 * customer's ticket answers exactly as a missing one.
 */

type TicketRow = typeof supportTickets.$inferSelect;
type Person = { id: number; name: string; email: string };

const ticketSorts: Record<'created_at' | 'updated_at' | 'subject', SQLWrapper> = {
  created_at: supportTickets.createdAt,
  updated_at: supportTickets.updatedAt,
  subject: supportTickets.subject,
};

export interface TicketListQuery {
  page: number;
  perPage: number;
  /** Only this customer's tickets (the customer's own calls). */
  userId?: number;
  status?: TicketStatus;
  search?: string;
  sort?: { key: keyof typeof ticketSorts; desc: boolean };
}

function toTicket(
  row: TicketRow,
  customer: Person,
  stats: { count: number; last: { author: TicketAuthor; created_at: string } | null },
): AdminTicket {
  return {
    id: row.id,
    subject: row.subject,
    type: row.type,
    status: row.status,
    customer,
    order_id: row.orderId,
    order_item_id: row.orderItemId,
    message_count: stats.count,
    last_message: stats.last,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toMessage = (row: typeof ticketMessages.$inferSelect): TicketMessage => ({
  id: row.id,
  body: row.body,
  author: row.author,
  created_at: row.createdAt.toISOString(),
});

/** The number of messages and the newest one's author and time, per ticket. */
async function messageStats(
  db: DbOrTx,
  ticketIds: number[],
): Promise<Map<number, { count: number; last: { author: TicketAuthor; created_at: string } | null }>> {
  const stats = new Map<number, { count: number; last: { author: TicketAuthor; created_at: string } | null }>();
  if (ticketIds.length === 0) return stats;
  const rows = await db
    .selectDistinctOn([ticketMessages.ticketId], {
      ticketId: ticketMessages.ticketId,
      author: ticketMessages.author,
      createdAt: ticketMessages.createdAt,
      count: sql<number>`(count(*) over (partition by ${ticketMessages.ticketId}))::int`,
    })
    .from(ticketMessages)
    .where(inArray(ticketMessages.ticketId, ticketIds))
    .orderBy(ticketMessages.ticketId, desc(ticketMessages.createdAt), desc(ticketMessages.id));
  for (const row of rows) {
    stats.set(row.ticketId, {
      count: Number(row.count),
      last: { author: row.author, created_at: row.createdAt.toISOString() },
    });
  }
  return stats;
}

/** GET admin/tickets (and later the customer's list): newest first unless sorted; `search` matches the subject and the customer. */
export async function listTickets(db: DbOrTx, query: TicketListQuery): Promise<Paginated<AdminTicket>> {
  const people = userRefs(db);
  const customer = { id: people.id, name: people.name, email: people.email };
  const where: SQL[] = [];
  if (query.userId !== undefined) where.push(eq(supportTickets.userId, query.userId));
  if (query.status) where.push(eq(supportTickets.status, query.status));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(
      sql`(${supportTickets.subject} ilike ${like} or ${people.email} ilike ${like} or ${people.name} ilike ${like})`,
    );
  }
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ticket: supportTickets, customer })
      .from(supportTickets)
      .innerJoin(people, eq(people.id, supportTickets.userId))
      .where(and(...where))
      .orderBy(direction(ticketSorts[query.sort?.key ?? 'created_at']), direction(supportTickets.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(supportTickets)
      .innerJoin(people, eq(people.id, supportTickets.userId))
      .where(and(...where)),
  ]);
  const stats = await messageStats(
    db,
    rows.map((r) => r.ticket.id),
  );
  return paginate(
    rows.map((r) => toTicket(r.ticket, r.customer, stats.get(r.ticket.id) ?? { count: 0, last: null })),
    Number(counted?.total ?? 0),
    query.page,
    query.perPage,
  );
}

/** One ticket with its conversation (oldest message first), or null; `userId` limits it to that customer's. */
export async function findTicket(
  db: DbOrTx,
  id: number,
  scope: { userId?: number } = {},
): Promise<AdminTicketDetail | null> {
  const people = userRefs(db);
  const customer = { id: people.id, name: people.name, email: people.email };
  const where = [eq(supportTickets.id, id)];
  if (scope.userId !== undefined) where.push(eq(supportTickets.userId, scope.userId));
  const [row] = await db
    .select({ ticket: supportTickets, customer })
    .from(supportTickets)
    .innerJoin(people, eq(people.id, supportTickets.userId))
    .where(and(...where));
  if (!row) return null;
  const messages = await db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, id))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const last = messages.at(-1);
  return {
    ...toTicket(row.ticket, row.customer, {
      count: messages.length,
      last: last ? { author: last.author, created_at: last.createdAt.toISOString() } : null,
    }),
    messages: messages.map(toMessage),
  };
}

/**
 * A ticket's subject, status and customer, locked until the transaction ends, or null: a
 * reply and a status change on the same ticket then happen one after the other.
 */
export async function lockTicket(
  db: DbOrTx,
  id: number,
  scope: { userId?: number } = {},
): Promise<{ id: number; subject: string; status: TicketStatus; customer: Person } | null> {
  const people = userRefs(db);
  const where = [eq(supportTickets.id, id)];
  if (scope.userId !== undefined) where.push(eq(supportTickets.userId, scope.userId));
  const [row] = await db
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      status: supportTickets.status,
      customer: { id: people.id, name: people.name, email: people.email },
    })
    .from(supportTickets)
    .innerJoin(people, eq(people.id, supportTickets.userId))
    .where(and(...where))
    .for('update', { of: supportTickets });
  return row ?? null;
}

/** Adds a message to a ticket and marks the ticket as changed; for a workflow's transaction. */
export async function addTicketMessage(
  db: DbOrTx,
  ticketId: number,
  message: { author: TicketAuthor; userId: number | null; body: string },
): Promise<TicketMessage> {
  const [row] = await db
    .insert(ticketMessages)
    .values({ ticketId, author: message.author, userId: message.userId, body: message.body })
    .returning();
  if (!row) throw new Error('The ticket message insert returned no row');
  await db.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, ticketId));
  return toMessage(row);
}

/** Sets a ticket's status (`userId` limits it to that customer's); false when there is no such ticket. */
export async function setTicketStatus(
  db: DbOrTx,
  id: number,
  status: TicketStatus,
  scope: { userId?: number } = {},
): Promise<boolean> {
  const where = [eq(supportTickets.id, id)];
  if (scope.userId !== undefined) where.push(eq(supportTickets.userId, scope.userId));
  const rows = await db
    .update(supportTickets)
    .set({ status })
    .where(and(...where))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}
