/**
 * Refunds of returns (docs/decisions/030), pure so the API, the check command and the tests
 * compute every penny the same way. All amounts are pence, integer arithmetic only.
 *
 * Every figure is computed CUMULATIVELY: what the order gives back once these quantities (all
 * the received returns so far) are back, minus what it gave back before this return. So however
 * an order comes back, one unit at a time or all at once, the refunds add up exactly to what the
 * customer paid (the order's total) when everything came back, and never to more.
 */
import { allocate } from './money-rules';

/** An order as the refund rule reads it. */
export interface RefundOrder {
  /** subtotal - discount - reward_discount + shipping_charge: what the customer paid. */
  total: number;
  shippingCharge: number;
  /** The whole coupon discount (a platform coupon's included). */
  discount: number;
  /** Pence paid with reward points. */
  rewardDiscount: number;
  /** The points spent for `rewardDiscount`. */
  rewardPointsUsed: number;
}

/** An order line: its id, unit price and quantity bought, and its part of the coupon discount. */
export interface RefundLine {
  id: number;
  price: number;
  quantity: number;
  /**
   * The line's part of the order's coupon discount as the checkout recorded it (only the lines the
   * coupon covers carry one). Orders placed before lines recorded it hold 0 on every line: their
   * discount is then shared over all the lines, as it was.
   */
  discount?: number;
}

/** Each line's part of the coupon discount: as recorded when the recorded parts make up the discount. */
function couponParts(order: RefundOrder, lines: RefundLine[], weights: number[]): number[] {
  const recorded = lines.map((line) => line.discount ?? 0);
  const sum = recorded.reduce((total, part) => total + part, 0);
  return sum === order.discount ? recorded : allocate(order.discount, weights);
}

/** Quantities returned, per order line id. */
export type Returned = ReadonlyMap<number, number>;

/** The part of `whole` that `part` of `of` units carry: all of it for all units, else floor. */
const shareOf = (whole: number, part: number, of: number) =>
  part >= of ? whole : of <= 0 ? 0 : Math.floor((whole * part) / of);

/**
 * What the customer gets back once `returned` is back, in money and in spent points. Each line
 * carries its part of the coupon discount (as the checkout recorded it: only the lines the coupon
 * covers) and its share of the points discount, in proportion to its price x quantity (core's
 * `allocate`: the parts add up exactly); a unit returned gives back the
 * line's paid price less its share, floored, and the last unit of the line the rest. The order's
 * delivery charge is given back once every unit of every line has come back (the whole order
 * returned: UK distance-selling rules refund the standard delivery then), not before.
 */
export function returnedValue(
  order: RefundOrder,
  lines: RefundLine[],
  returned: Returned,
): { money: number; points: number } {
  const weights = lines.map((line) => line.price * line.quantity);
  const discounts = couponParts(order, lines, weights);
  const rewards = allocate(order.rewardDiscount, weights);
  const points = allocate(order.rewardPointsUsed, weights);
  let money = 0;
  let pointsBack = 0;
  let everything = lines.length > 0;
  lines.forEach((line, index) => {
    const back = Math.min(line.quantity, Math.max(0, returned.get(line.id) ?? 0));
    if (back < line.quantity) everything = false;
    const net = Math.max(0, weights[index]! - discounts[index]! - rewards[index]!);
    money += shareOf(net, back, line.quantity);
    pointsBack += shareOf(points[index]!, back, line.quantity);
  });
  if (everything) money += order.shippingCharge;
  return { money: Math.min(money, order.total), points: pointsBack };
}

/** `before` plus one return's quantity of a line. */
export function withReturn(before: Returned, lineId: number, quantity: number): Map<number, number> {
  const after = new Map(before);
  after.set(lineId, (after.get(lineId) ?? 0) + quantity);
  return after;
}

/**
 * The refund of one return: the money (pence) and the spent reward points given back, as the
 * difference between what the order gives back with and without it.
 */
export function returnRefund(
  order: RefundOrder,
  lines: RefundLine[],
  before: Returned,
  returnOf: { lineId: number; quantity: number },
): { amount: number; pointsBack: number } {
  const was = returnedValue(order, lines, before);
  const now = returnedValue(order, lines, withReturn(before, returnOf.lineId, returnOf.quantity));
  return { amount: Math.max(0, now.money - was.money), pointsBack: Math.max(0, now.points - was.points) };
}

/**
 * The delivery points (decision 018) to take back when `refundedBefore` and then `amount` more
 * of the order's goods money went back: `awarded` in proportion to the goods money refunded
 * (floor, cumulative), all of it once all of it went back. The delivery charge earned none.
 */
export function deliveryPointsTakenBack(
  awarded: number,
  goods: number,
  refundedBefore: number,
  amount: number,
): number {
  if (awarded <= 0 || goods <= 0) return 0;
  const taken = (refunded: number) => shareOf(awarded, Math.min(refunded, goods), goods);
  return taken(refundedBefore + amount) - taken(refundedBefore);
}

/** An order as the refund's ledger rule reads it. */
export interface RefundLedgerOrder {
  total: number;
  commission: number;
  platformDiscount: number;
}

/**
 * The one `refund` entry of a return's refund in its shop's ledger (signed from the shop's side),
 * when `refundedBefore` of the order's money had already gone back:
 * - a card refund takes the money back from the shop (the platform paid it to the customer);
 *   a cash refund takes none (the shop pays the customer from the cash it took);
 * - the commission on what went back is given back to the shop, and the platform-paid discount
 *   (a platform coupon, credited to the shop with its sale) taken back, both in proportion to the
 *   order's money refunded (floor, cumulative: all of them once everything went back).
 * So an order refunded in full leaves its shop's ledger at zero for it.
 */
export function refundLedgerAmount(
  order: RefundLedgerOrder,
  refund: { method: 'card' | 'cash'; amount: number },
  refundedBefore: number,
): number {
  const part = (whole: number, refunded: number) =>
    order.total <= 0 ? 0 : shareOf(whole, Math.min(refunded, order.total), order.total);
  const after = refundedBefore + refund.amount;
  const commissionBack = part(order.commission, after) - part(order.commission, refundedBefore);
  const platformBack = part(order.platformDiscount, after) - part(order.platformDiscount, refundedBefore);
  const money = refund.method === 'card' ? refund.amount : 0;
  return -money + commissionBack - platformBack;
}

/**
 * An order's payment status from the money refunded of it: `refunded` once all of it went back,
 * `partially_refunded` when some did, else what it was.
 */
export function refundedPaymentStatus<S extends string>(
  current: S,
  total: number,
  refunded: number,
): S | 'refunded' | 'partially_refunded' {
  if (refunded <= 0) return current;
  return refunded >= total ? 'refunded' : 'partially_refunded';
}
