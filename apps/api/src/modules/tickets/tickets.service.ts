import type { AdminTicket, AdminTicketDetail, TicketMessage } from '@parade/core/admin-schemas';
import type { TicketAuthor, TicketStatus } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import type { Ticket, TicketDetail, TicketType } from '@parade/core/ticket-schemas';
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ilikeAny } from '../../lib/text-match';
import { findCustomerOrderForTicket, shopOrderIds } from '../orders';
import { shopsForOrders } from '../shops';
import { findStaffShopId, userRefs } from '../users';
import { supportTickets, ticketMessages } from './tickets.tables';

/**
 * Support tickets for three audiences: the platform's queue (every ticket), a customer's own
 * tickets and a shop's (the tickets about its orders). Every query and command takes a scope:
 * `userId` limits it to that customer's tickets, `shopId` to tickets whose order belongs to that
 * shop (a general question, with no order, belongs to no shop). Outside its scope a ticket
 * answers exactly as a missing one.
 */

type TicketRow = typeof supportTickets.$inferSelect;
type Person = { id: number; name: string; email: string };

export interface TicketScope {
  /** Only this customer's tickets (the customer's own calls). */
  userId?: number;
  /** Only tickets about this shop's orders (the shop's vendor calls). */
  shopId?: number;
}

/** The WHERE conditions of a scope, for any statement on support_tickets. */
function scopeConditions(db: DbOrTx, scope: TicketScope): SQL[] {
  const where: SQL[] = [];
  if (scope.userId !== undefined) where.push(eq(supportTickets.userId, scope.userId));
  if (scope.shopId !== undefined) where.push(inArray(supportTickets.orderId, shopOrderIds(db, scope.shopId)));
  return where;
}

const ticketSorts: Record<'created_at' | 'updated_at' | 'subject', SQLWrapper> = {
  created_at: supportTickets.createdAt,
  updated_at: supportTickets.updatedAt,
  subject: supportTickets.subject,
};

export interface TicketListQuery extends TicketScope {
  page: number;
  perPage: number;
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

/** GET admin/tickets, vendor/tickets and user/support-ticket: newest first unless sorted; `search` matches the subject and the customer. */
export async function listTickets(db: DbOrTx, query: TicketListQuery): Promise<Paginated<AdminTicket>> {
  const people = userRefs(db);
  const customer = { id: people.id, name: people.name, email: people.email };
  const where = scopeConditions(db, query);
  if (query.status) where.push(eq(supportTickets.status, query.status));
  const search = ilikeAny(query.search, supportTickets.subject, people.email, people.name);
  if (search) where.push(search);
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

/**
 * GET admin/tickets and vendor/tickets: the page of tickets as listTickets gives it, each with its conversation
 * (oldest message first), as the contract's "ticket with messages"; one more statement a page.
 */
export async function listTicketsWithMessages(
  db: DbOrTx,
  query: TicketListQuery,
): Promise<Paginated<AdminTicketDetail>> {
  const page = await listTickets(db, query);
  const ids = page.data.map((ticket) => ticket.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(ticketMessages)
          .where(inArray(ticketMessages.ticketId, ids))
          .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const byTicket = new Map<number, TicketMessage[]>();
  for (const row of rows) {
    const messages = byTicket.get(row.ticketId) ?? [];
    messages.push(toMessage(row));
    byTicket.set(row.ticketId, messages);
  }
  return { ...page, data: page.data.map((ticket) => ({ ...ticket, messages: byTicket.get(ticket.id) ?? [] })) };
}

/** One ticket with its conversation (oldest message first), or null when there is none in the scope. */
export async function findTicket(db: DbOrTx, id: number, scope: TicketScope = {}): Promise<AdminTicketDetail | null> {
  const people = userRefs(db);
  const customer = { id: people.id, name: people.name, email: people.email };
  const where = [eq(supportTickets.id, id), ...scopeConditions(db, scope)];
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

export interface LockedTicket {
  id: number;
  subject: string;
  status: TicketStatus;
  /** The order it is about (its shop is told of the customer's messages), or null. */
  orderId: number | null;
  customer: Person;
}

/**
 * A ticket's subject, status, order and customer, locked until the transaction ends, or null: a
 * reply and a status change on the same ticket then happen one after the other.
 */
export async function lockTicket(db: DbOrTx, id: number, scope: TicketScope = {}): Promise<LockedTicket | null> {
  const people = userRefs(db);
  const where = [eq(supportTickets.id, id), ...scopeConditions(db, scope)];
  const [row] = await db
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      status: supportTickets.status,
      orderId: supportTickets.orderId,
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

/**
 * Sets a ticket's status within the scope; false when there is no such ticket. One UPDATE, which
 * takes the row's lock as lockTicket does, so it waits for a message being added to the same
 * ticket (and the other way round): the two never interleave.
 */
export async function setTicketStatus(
  db: DbOrTx,
  id: number,
  status: TicketStatus,
  scope: TicketScope = {},
): Promise<boolean> {
  const where = [eq(supportTickets.id, id), ...scopeConditions(db, scope)];
  const rows = await db
    .update(supportTickets)
    .set({ status })
    .where(and(...where))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}

/**
 * Opens a ticket (no messages yet: the workflow adds the first in the same transaction). An
 * order issue names its order, its line and its type; a question `general`, with or without
 * an order.
 */
export async function createTicket(
  db: DbOrTx,
  input: { userId: number; subject: string; type: TicketType; orderId: number | null; orderItemId: number | null },
): Promise<number> {
  const [row] = await db
    .insert(supportTickets)
    .values({
      userId: input.userId,
      subject: input.subject,
      type: input.type,
      orderId: input.orderId,
      orderItemId: input.orderItemId,
    })
    .returning({ id: supportTickets.id });
  if (!row) throw new Error('The ticket insert returned no row');
  return row.id;
}

// ---- The customer's view -------------------------------------------------------------------

/**
 * The platform's ticket as its customer sees it: the same facts without the customer (the
 * caller) and with nothing that names a member of staff. Mapped key by key so that a field added
 * to the platform's shape never reaches customers by accident.
 */
function toCustomerTicket(ticket: AdminTicket): Ticket {
  return {
    id: ticket.id,
    subject: ticket.subject,
    type: ticket.type as TicketType,
    status: ticket.status,
    order_id: ticket.order_id,
    order_item_id: ticket.order_item_id,
    message_count: ticket.message_count,
    last_message: ticket.last_message,
    created_at: ticket.created_at,
    updated_at: ticket.updated_at,
  };
}

/**
 * GET user/support-ticket: the customer's tickets, newest first, optionally of one status, each
 * with its conversation as GET user/support-ticket/{id} shows it (the contract's "tickets with
 * messages"). Only a ticket about an order with staff replies can carry a shop's signature, so
 * only those look for one.
 */
export async function listCustomerTickets(
  db: DbOrTx,
  userId: number,
  query: { page: number; perPage: number; status?: TicketStatus },
): Promise<Paginated<TicketDetail>> {
  const page = await listTicketsWithMessages(db, { ...query, userId });
  const data: TicketDetail[] = [];
  for (const ticket of page.data) {
    const signed = ticket.order_id !== null && ticket.messages.some((message) => message.author === 'staff');
    const signatures = signed ? await staffSignatures(db, ticket, userId) : new Map<number, string>();
    data.push({
      ...toCustomerTicket(ticket),
      messages: ticket.messages.map((message) => ({ ...message, from: signatures.get(message.id) ?? null })),
    });
  }
  return { ...page, data };
}

/**
 * How the customer sees each staff message signed: the shop's name when the writer works at the
 * shop whose order the ticket is about, else null (the storefront says "Support team": the
 * platform's people are never named). Customers' own messages are null too.
 */
async function staffSignatures(
  db: DbOrTx,
  ticket: { id: number; order_id: number | null },
  customerId: number,
): Promise<Map<number, string>> {
  const signatures = new Map<number, string>();
  if (ticket.order_id === null) return signatures;
  const order = await findCustomerOrderForTicket(db, customerId, ticket.order_id);
  if (!order) return signatures;
  const writers = await db
    .select({ id: ticketMessages.id, userId: ticketMessages.userId })
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, ticket.id), eq(ticketMessages.author, 'staff')));
  const shopOf = new Map<number, number | null>();
  for (const userId of new Set(writers.map((w) => w.userId).filter((u): u is number => u !== null))) {
    shopOf.set(userId, await findStaffShopId(db, userId));
  }
  const shop = (await shopsForOrders(db, [order.shopId])).get(order.shopId);
  if (!shop) return signatures;
  for (const writer of writers) {
    if (writer.userId !== null && shopOf.get(writer.userId) === order.shopId) signatures.set(writer.id, shop.name);
  }
  return signatures;
}

/** GET user/support-ticket/{id}: one of the customer's tickets with its messages, or null. */
export async function findCustomerTicket(db: DbOrTx, id: number, userId: number): Promise<TicketDetail | null> {
  const ticket = await findTicket(db, id, { userId });
  if (!ticket) return null;
  const signatures = await staffSignatures(db, ticket, userId);
  return {
    ...toCustomerTicket(ticket),
    messages: ticket.messages.map((message) => ({ ...message, from: signatures.get(message.id) ?? null })),
  };
}
