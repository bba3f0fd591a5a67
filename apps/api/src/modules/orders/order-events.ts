import type { OrderStatus, PaymentStatus } from '@parade/core/enums';
import type { LiveOrderEvent } from '@parade/core/vendor-schemas';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { announceToPeers } from '../../db/peers';
import { orderEvents } from './orders.tables';

/** The NOTIFY channel of the live order feed; its payload is the shop's id. */
export const ORDER_EVENTS_CHANNEL = 'parade_order_events';

/** How far back a board reconnecting with Last-Event-ID is answered (the contract asks for 24 hours). */
export const ORDER_EVENTS_REPLAY_HOURS = 48;

export type OrderEventData = LiveOrderEvent;

export interface OrderEventRow {
  id: number;
  shopId: number;
  kind: OrderEventData['kind'];
  data: Record<string, unknown>;
}

/**
 * Records an event of the shop's live feed in the caller's transaction and wakes the listeners
 * of every API process (db/peers.ts). Through the database, the NOTIFY is delivered only when the
 * transaction commits, and never if it rolls back; through Redis it may arrive first, and the
 * boards read the shop's feed again a second later (a read before the commit finds nothing new).
 */
export async function recordOrderEvent(tx: DbOrTx, shopId: number, event: OrderEventData): Promise<void> {
  await tx.insert(orderEvents).values({ shopId, kind: event.kind, data: event.data });
  await announceToPeers(tx, ORDER_EVENTS_CHANNEL, String(shopId));
}

/** The latest status and payment of these orders, for `order.updated` events after a change. */
export function orderUpdated(order: {
  id: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}): OrderEventData & { kind: 'order.updated' } {
  return {
    kind: 'order.updated',
    data: { order_id: order.id, status: order.status, payment_status: order.paymentStatus },
  };
}

/**
 * A shop's events after `afterId` within the replay window, oldest first. Ids come from a
 * sequence, so a transaction that took an id earlier can commit later: readers ask again for a
 * window they have partly seen and skip the ids they sent (order-event-hub.ts).
 */
export function orderEventsAfter(db: DbOrTx, shopId: number, afterId: number, limit = 500): Promise<OrderEventRow[]> {
  return db
    .select({ id: orderEvents.id, shopId: orderEvents.shopId, kind: orderEvents.kind, data: orderEvents.data })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.shopId, shopId),
        gt(orderEvents.id, afterId),
        sql`${orderEvents.createdAt} > now() - make_interval(hours => ${ORDER_EVENTS_REPLAY_HOURS})`,
      ),
    )
    .orderBy(asc(orderEvents.id))
    .limit(limit);
}

/** The shop's newest event id (0 when it has none): where a board that asks for no replay starts. */
export async function latestOrderEventId(db: DbOrTx, shopId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${orderEvents.id}), 0)::bigint` })
    .from(orderEvents)
    .where(eq(orderEvents.shopId, shopId));
  return Number(row?.id ?? 0);
}

/** Drops events past the replay window; returns how many. */
export async function pruneOrderEvents(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ORDER_EVENTS_REPLAY_HOURS * 3_600_000);
  const gone = await db.delete(orderEvents).where(lt(orderEvents.createdAt, cutoff)).returning({ id: orderEvents.id });
  return gone.length;
}
