import type { OrderStatus } from '@parade/core/enums';
import { newOrderPush, orderStatusPush } from '@parade/core/push-messages';
import type { Db } from '../db/client';
import { orderPushFacts } from '../modules/orders';
import { type PushDelivery, pushTargetsOf } from '../modules/push';
import { shopTeams } from '../modules/users';
import { orderTrackUrl } from './change-order-status';

/**
 * The pushes of order news (docs/decisions/027), composed after the change committed (they are
 * reads, handed to `app.push.sendLater`): whom each reaches and what it says. A recipient with no
 * subscribed device costs the reads and no request.
 */

/** The customer's push for each order whose status changed, to every device they subscribed. */
export async function orderStatusPushes(
  db: Db,
  changes: { orderId: number; status: OrderStatus }[],
  publicUrl: string,
): Promise<PushDelivery[]> {
  const facts = await orderPushFacts(
    db,
    changes.map((change) => change.orderId),
  );
  const targets = await pushTargetsOf(
    db,
    facts.map((order) => order.customerId),
  );
  if (targets.length === 0) return [];
  const byOrder = new Map(facts.map((order) => [order.orderId, order]));
  return changes.flatMap(({ orderId, status }) => {
    const order = byOrder.get(orderId);
    if (!order) return [];
    const message = orderStatusPush({ ...order, trackUrl: orderTrackUrl(publicUrl, orderId) }, status);
    return targets.filter((target) => target.userId === order.customerId).map((target) => ({ target, message }));
  });
}

/**
 * Each new order's push to every device of its shop's owner and staff (other shops hear nothing).
 * Who to tell is read first (the teams, then their devices): a checkout whose shops have no
 * subscribed device costs those two reads and nothing more.
 */
export async function newOrderPushes(
  db: Db,
  placed: { orderId: number; shopId: number }[],
  adminUrl: string,
): Promise<PushDelivery[]> {
  const teams = await shopTeams(
    db,
    placed.map((order) => order.shopId),
  );
  const targets = await pushTargetsOf(db, [...teams.values()].flat());
  if (targets.length === 0) return [];
  const facts = await orderPushFacts(
    db,
    placed.map((order) => order.orderId),
  );
  const merchantSite = adminUrl.endsWith('/') ? adminUrl : `${adminUrl}/`;
  return facts.flatMap((order) => {
    const team = teams.get(order.shopId) ?? [];
    const message = newOrderPush({ ...order, orderUrl: `${merchantSite}vendor/orders/${order.orderId}` });
    return targets.filter((target) => team.includes(target.userId)).map((target) => ({ target, message }));
  });
}
