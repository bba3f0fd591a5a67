/**
 * The cart rules of spec sections 3, 4 and 9 as pure functions. The web store calls them;
 * the API recomputes the same totals from the database at checkout and trusts none of these.
 */
import type { CartItem, CartShop, ShopCoupon } from './cart-schemas';
import { DELIVERY_CHARGE_PENCE } from './catalog';
import { MAX_LINE_QUANTITY, type OrderType } from './enum-values';
import { messages } from './messages';
import { shareDeliveryCharge } from './money-rules';

export type { CartItem, CartShop, ShopCoupon } from './cart-schemas';
export { MAX_LINE_QUANTITY, type OrderType } from './enum-values';

export interface CartState {
  items: CartItem[];
  /** Keyed by shop id. */
  shopCoupons: Record<number, ShopCoupon>;
  /** Reward points the shopper chose to spend, keyed by shop id. */
  rewardPointsApplied: Record<number, number>;
}

export interface CartChange {
  state: CartState;
  /** A message to show the shopper, e.g. 'Please apply coupon again'. */
  message?: string;
}

export const emptyCart = (): CartState => ({ items: [], shopCoupons: {}, rewardPointsApplied: {} });

const clampQuantity = (quantity: number, max = MAX_LINE_QUANTITY) => Math.max(0, Math.min(max, Math.floor(quantity)));

/** The most of one line a cart holds: a download is bought once (contract: "Digital lines"). */
export const maxLineQuantity = (item: { product: { type: string } }): number =>
  item.product.type === 'Digital' ? 1 : MAX_LINE_QUANTITY;

/** What checkout and the coupon check answer a second copy of a download under `items.<index>`. */
export const DIGITAL_QUANTITY_MESSAGE = 'A digital item is bought once: its quantity is 1.';

/**
 * The request's lines that ask for a download more than once (a quantity above 1, or the same
 * variation on a second line), by their index in the request. Lines whose type is unknown (not
 * for sale) are the caller's to refuse otherwise.
 */
export function repeatedDigitalLines(
  lines: { variation_id: number; quantity: number }[],
  typeOf: (variationId: number) => string | undefined,
): number[] {
  const seen = new Set<number>();
  return lines.flatMap((line, index) => {
    if (typeOf(line.variation_id) !== 'Digital') return [];
    const repeated = line.quantity !== 1 || seen.has(line.variation_id);
    seen.add(line.variation_id);
    return repeated ? [index] : [];
  });
}

export const lineTotal = (item: Pick<CartItem, 'price' | 'quantity'>) => item.price * item.quantity;

export const cartSubtotal = (items: CartItem[]) => items.reduce((sum, item) => sum + lineTotal(item), 0);

/**
 * Any change to a shop's lines clears that shop's coupon (its discount was computed for the
 * old lines). The shopper is told to apply it again while the cart total is above 0, except
 * on a remove that leaves the coupon with at most one product id (once the removed line's
 * product is taken out of it; a whole-shop coupon names none).
 */
function afterShopChange(
  state: CartState,
  shopId: number,
  change: { kind: 'add' | 'update' } | { kind: 'remove'; productId: number },
): CartChange {
  const coupon = state.shopCoupons[shopId];
  if (!coupon) return { state };
  const { [shopId]: _cleared, ...shopCoupons } = state.shopCoupons;
  const next = { ...state, shopCoupons };
  const quiet = change.kind === 'remove' && coupon.product_ids.filter((id) => id !== change.productId).length <= 1;
  const message = !quiet && cartSubtotal(next.items) > 0 ? messages.applyCouponAgain : undefined;
  return message ? { state: next, message } : { state: next };
}

/** Adding an existing item raises its quantity (default 1); otherwise the item is appended. */
export function addItem(state: CartState, item: Omit<CartItem, 'quantity'>, quantity = 1): CartChange {
  const max = maxLineQuantity(item);
  const amount = clampQuantity(quantity, max);
  if (amount === 0) return { state };
  const existing = state.items.find((line) => line.id === item.id);
  if (existing && existing.quantity >= max) return { state };
  const items = existing
    ? state.items.map((line) =>
        line.id === item.id ? { ...line, quantity: clampQuantity(line.quantity + amount, max) } : line,
      )
    : [...state.items, { ...item, quantity: amount }];
  return afterShopChange({ ...state, items }, item.product.shop_id, { kind: 'add' });
}

/**
 * Removes a line, or in decrement mode lowers its quantity by one while it is above 1.
 */
export function removeItem(state: CartState, variationId: number, options: { decrement?: boolean } = {}): CartChange {
  const line = state.items.find((item) => item.id === variationId);
  if (!line) return { state };
  let items: CartItem[];
  if (options.decrement) {
    if (line.quantity <= 1) return { state };
    items = state.items.map((item) => (item.id === variationId ? { ...item, quantity: item.quantity - 1 } : item));
  } else {
    items = state.items.filter((item) => item.id !== variationId);
  }
  // Lowering a quantity keeps the product in the cart: it counts as an update, not a remove.
  const change = options.decrement
    ? ({ kind: 'update' } as const)
    : ({ kind: 'remove', productId: line.product.id } as const);
  return afterShopChange({ ...state, items }, line.product.shop_id, change);
}

/** The quantity stepper (min 0, max 9999, step 1); 0 removes the line. */
export function setQuantity(state: CartState, variationId: number, quantity: number): CartChange {
  const line = state.items.find((item) => item.id === variationId);
  if (!line) return { state };
  const next = clampQuantity(quantity, maxLineQuantity(line));
  if (next === line.quantity) return { state };
  if (next === 0) return removeItem(state, variationId);
  const items = state.items.map((item) => (item.id === variationId ? { ...item, quantity: next } : item));
  return afterShopChange({ ...state, items }, line.product.shop_id, { kind: 'update' });
}

export function applyCoupon(state: CartState, coupon: ShopCoupon): CartState {
  return { ...state, shopCoupons: { ...state.shopCoupons, [coupon.shop_id]: coupon } };
}

export function removeCoupon(state: CartState, shopId: number): CartState {
  const { [shopId]: _removed, ...shopCoupons } = state.shopCoupons;
  return { ...state, shopCoupons };
}

export function applyRewardPoints(state: CartState, shopId: number, points: number): CartState {
  const rewardPointsApplied = { ...state.rewardPointsApplied };
  if (points > 0) rewardPointsApplied[shopId] = Math.floor(points);
  else delete rewardPointsApplied[shopId];
  return { ...state, rewardPointsApplied };
}

/** Clearing empties items, coupons and reward points. */
export const clearCart = (): CartState => emptyCart();

export interface ShopGroup {
  shop: CartShop;
  items: CartItem[];
  subtotal: number;
}

/** Lines grouped by shop in first-added order; a line with no shop shows as 'Unknown Shop'. */
export function groupByShop(items: CartItem[]): ShopGroup[] {
  const groups = new Map<number, ShopGroup>();
  for (const item of items) {
    const shopId = item.product.shop_id;
    const group = groups.get(shopId) ?? {
      shop: { id: shopId, name: item.product.shop?.name || messages.unknownShop, slug: item.product.shop?.slug ?? '' },
      items: [],
      subtotal: 0,
    };
    group.items.push(item);
    group.subtotal += lineTotal(item);
    groups.set(shopId, group);
  }
  return [...groups.values()];
}

/** 100 reward points = 100 pence off that shop's lines, never below zero. */
export const POINTS_TO_PENCE = 1;

export interface CartTotals {
  subtotal: number;
  discount: number;
  rewardPointsDiscount: number;
  shippingCharge: number;
  total: number;
}

/** One shop's part of an order, as the totals rule needs it (pence and points). */
export interface ShopTotalsInput {
  /** The shop's lines: price x quantity, summed. */
  subtotal: number;
  /** What the shop's coupon takes off these lines (0 for none). */
  couponDiscount: number;
  /** The reward points the shopper spends at this shop (0 for none). */
  rewardPoints: number;
  /** Whether any of the shop's lines is a physical good (delivery is charged for those only). */
  physical: boolean;
}

/**
 * The totals rule, once for the web cart and the API's checkout: each shop's coupon and then its
 * reward points take that shop's lines down to zero, never below; a delivery order with a
 * physical line pays one delivery charge, shared by the shops with a physical line (equal parts,
 * the odd pence to the first; contract: "Money"), so each shop's order carries the part it
 * delivers. Answers each shop's figures, in the order given, and their sum (grand total =
 * subtotal - coupon discounts - reward points discount + delivery charge).
 */
export function orderTotals(shops: ShopTotalsInput[], orderType: OrderType): { shops: CartTotals[]; sum: CartTotals } {
  const delivery = shareDeliveryCharge(
    orderType === 'delivery' ? DELIVERY_CHARGE_PENCE : 0,
    shops.map((shop) => shop.physical),
  );
  const figures = shops.map((shop, index): CartTotals => {
    const discount = Math.min(shop.couponDiscount, shop.subtotal);
    const rewardPointsDiscount = Math.min(shop.rewardPoints * POINTS_TO_PENCE, shop.subtotal - discount);
    const shippingCharge = delivery[index]!;
    const total = shop.subtotal - discount - rewardPointsDiscount + shippingCharge;
    return { subtotal: shop.subtotal, discount, rewardPointsDiscount, shippingCharge, total };
  });
  const sum = (key: keyof CartTotals) => figures.reduce((total, shop) => total + shop[key], 0);
  return {
    shops: figures,
    sum: {
      subtotal: sum('subtotal'),
      discount: sum('discount'),
      rewardPointsDiscount: sum('rewardPointsDiscount'),
      shippingCharge: sum('shippingCharge'),
      total: sum('total'),
    },
  };
}

/** The cart's totals by orderTotals, from the coupons and points the shopper applied. */
export function cartTotals(state: CartState, orderType: OrderType): CartTotals {
  const shops = groupByShop(state.items).map((group) => ({
    subtotal: group.subtotal,
    couponDiscount: state.shopCoupons[group.shop.id]?.discount ?? 0,
    rewardPoints: state.rewardPointsApplied[group.shop.id] ?? 0,
    physical: group.items.some((item) => item.product.type !== 'Digital'),
  }));
  return orderTotals(shops, orderType).sum;
}

export const cartCount = (items: CartItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);
