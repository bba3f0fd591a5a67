import { describe, expect, it } from 'vitest';
import {
  addItem,
  applyCoupon,
  applyRewardPoints,
  type CartItem,
  type CartState,
  cartCount,
  cartTotals,
  clearCart,
  emptyCart,
  groupByShop,
  orderTotals,
  removeItem,
  setQuantity,
} from './cart';

const greengrocer = { id: 1, name: 'Greens', slug: 'greens' };
const bakery = { id: 2, name: 'Crust', slug: 'crust' };

function item(id: number, price: number, shop: typeof greengrocer | null, type: 'Physical' | 'Digital' = 'Physical') {
  const line: Omit<CartItem, 'quantity'> = {
    id,
    name: `V${id}`,
    slug: `v${id}`,
    full_name: `Item ${id}`,
    price,
    thumbnail: null,
    images: [],
    product: { id: id * 10, slug: `p${id}`, type, shop_id: shop?.id ?? 99, shop },
  };
  return line;
}

const apples = item(1, 120, greengrocer);
const pears = item(2, 80, greengrocer);
const loaf = item(3, 250, bakery);
const ebook = item(4, 499, bakery, 'Digital');

const withItems = (...lines: [Omit<CartItem, 'quantity'>, number][]): CartState =>
  lines.reduce((state, [line, qty]) => addItem(state, line, qty).state, emptyCart());

describe('adding', () => {
  it('appends a new item with quantity 1 by default', () => {
    const { state } = addItem(emptyCart(), apples);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]?.quantity).toBe(1);
  });

  it('raises the quantity of an existing item instead of adding a line', () => {
    const state = withItems([apples, 2], [apples, 3]);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]?.quantity).toBe(5);
  });

  it('never goes above 9999', () => {
    const state = withItems([apples, 9990], [apples, 20]);
    expect(state.items[0]?.quantity).toBe(9999);
  });

  it('holds a digital line once: adding it again or asking for more leaves it at 1', () => {
    const state = withItems([ebook, 3], [ebook, 1]);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]?.quantity).toBe(1);
    expect(addItem(state, ebook).state).toBe(state);
    expect(setQuantity(state, ebook.id, 4).state).toBe(state);
    expect(setQuantity(state, ebook.id, 0).state.items).toEqual([]);
  });
});

describe('removing', () => {
  it('deletes the line', () => {
    const { state } = removeItem(withItems([apples, 2], [loaf, 1]), apples.id);
    expect(state.items.map((i) => i.id)).toEqual([loaf.id]);
  });

  it('in decrement mode lowers the quantity by one while above 1', () => {
    const once = removeItem(withItems([apples, 2]), apples.id, { decrement: true }).state;
    expect(once.items[0]?.quantity).toBe(1);
    const twice = removeItem(once, apples.id, { decrement: true }).state;
    expect(twice.items[0]?.quantity).toBe(1);
  });

  it('sets a quantity with the stepper, 0 removing the line', () => {
    const state = withItems([apples, 2]);
    expect(setQuantity(state, apples.id, 7).state.items[0]?.quantity).toBe(7);
    expect(setQuantity(state, apples.id, 0).state.items).toEqual([]);
  });
});

describe('coupon clearing', () => {
  const coupon = { code: 'WELCOME10', shop_id: greengrocer.id, discount: 50, product_ids: [] };
  const withCoupon = applyCoupon(withItems([apples, 2], [pears, 1], [loaf, 1]), coupon);

  it('clears the shop coupon on any change to that shop and asks to apply it again', () => {
    const change = addItem(withCoupon, apples);
    expect(change.state.shopCoupons[greengrocer.id]).toBeUndefined();
    expect(change.message).toBe('Please apply coupon again');
  });

  it('leaves other shops’ coupons alone', () => {
    const change = addItem(withCoupon, loaf);
    expect(change.state.shopCoupons[greengrocer.id]).toEqual(coupon);
    expect(change.message).toBeUndefined();
  });

  it('says nothing on a remove that leaves the coupon with at most one product id', () => {
    // pears is product 20: removing it leaves [10].
    const two = applyCoupon(withItems([apples, 2], [pears, 1]), { ...coupon, product_ids: [10, 20] });
    const change = removeItem(two, pears.id);
    expect(change.state.shopCoupons[greengrocer.id]).toBeUndefined();
    expect(change.message).toBeUndefined();
    // A whole-shop coupon names no products at all.
    expect(removeItem(applyCoupon(withItems([apples, 2], [pears, 1]), coupon), pears.id).message).toBeUndefined();
  });

  it('still asks on a remove that leaves the coupon with several product ids', () => {
    const three = applyCoupon(withItems([apples, 2], [pears, 1]), { ...coupon, product_ids: [10, 20, 30] });
    expect(removeItem(three, pears.id).message).toBe('Please apply coupon again');
  });

  it('treats lowering a quantity as a change, not a remove', () => {
    const state = applyCoupon(withItems([apples, 2], [pears, 1]), coupon);
    const change = removeItem(state, apples.id, { decrement: true });
    expect(change.state.shopCoupons[greengrocer.id]).toBeUndefined();
    expect(change.message).toBe('Please apply coupon again');
  });

  it('clears it when the stepper changes a quantity, but not when the quantity stays the same', () => {
    const change = setQuantity(withCoupon, pears.id, 3);
    expect(change.state.items.find((line) => line.id === pears.id)?.quantity).toBe(3);
    expect(change.state.shopCoupons[greengrocer.id]).toBeUndefined();
    expect(change.message).toBe('Please apply coupon again');
    const same = setQuantity(withCoupon, pears.id, 1);
    expect(same.state.shopCoupons[greengrocer.id]).toEqual(coupon);
    expect(same.message).toBeUndefined();
  });

  it('treats the stepper at 0 as a remove, with the remove exception', () => {
    const two = applyCoupon(withItems([apples, 2], [pears, 1]), { ...coupon, product_ids: [10, 20] });
    const change = setQuantity(two, pears.id, 0);
    expect(change.state.items.map((line) => line.id)).toEqual([apples.id]);
    expect(change.state.shopCoupons[greengrocer.id]).toBeUndefined();
    expect(change.message).toBeUndefined();
  });

  it('says nothing when the cart total drops to 0', () => {
    const only = applyCoupon(withItems([apples, 1]), { ...coupon, product_ids: [10, 20, 30] });
    const change = removeItem(only, apples.id);
    expect(change.state.items).toEqual([]);
    expect(change.message).toBeUndefined();
  });
});

describe('grouping and totals', () => {
  it('groups lines by shop with subtotals, falling back to Unknown Shop', () => {
    const groups = groupByShop(withItems([apples, 2], [loaf, 1], [pears, 1], [item(9, 100, null), 1]).items);
    expect(groups.map((g) => [g.shop.name, g.subtotal])).toEqual([
      ['Greens', 320],
      ['Crust', 250],
      ['Unknown Shop', 100],
    ]);
  });

  it('computes subtotal, discount, reward points, delivery and grand total in pence', () => {
    let state = withItems([apples, 2], [loaf, 1]);
    state = applyCoupon(state, { code: 'X', shop_id: greengrocer.id, discount: 40, product_ids: [] });
    state = applyRewardPoints(state, bakery.id, 100);
    expect(cartTotals(state, 'delivery')).toEqual({
      subtotal: 490,
      discount: 40,
      rewardPointsDiscount: 100,
      shippingCharge: 1000,
      total: 1350,
    });
    expect(cartTotals(state, 'collection').shippingCharge).toBe(0);
  });

  it('charges no delivery for an all-digital cart', () => {
    expect(cartTotals(withItems([ebook, 1]), 'delivery').shippingCharge).toBe(0);
  });

  it('never takes a shop below zero with points', () => {
    const state = applyRewardPoints(withItems([pears, 1]), greengrocer.id, 5000);
    expect(cartTotals(state, 'collection')).toMatchObject({ rewardPointsDiscount: 80, total: 0 });
  });

  it('gives each shop its figures, the delivery charge shared by the shops with a physical line', () => {
    const shops = [
      { subtotal: 499, couponDiscount: 0, rewardPoints: 0, physical: false },
      { subtotal: 300, couponDiscount: 500, rewardPoints: 50, physical: true },
      { subtotal: 250, couponDiscount: 50, rewardPoints: 300, physical: true },
    ];
    const { shops: figures, sum } = orderTotals(shops, 'delivery');
    expect(figures).toEqual([
      { subtotal: 499, discount: 0, rewardPointsDiscount: 0, shippingCharge: 0, total: 499 },
      { subtotal: 300, discount: 300, rewardPointsDiscount: 0, shippingCharge: 500, total: 500 },
      { subtotal: 250, discount: 50, rewardPointsDiscount: 200, shippingCharge: 500, total: 500 },
    ]);
    expect(sum).toEqual({
      subtotal: 1049,
      discount: 350,
      rewardPointsDiscount: 200,
      shippingCharge: 1000,
      total: 1499,
    });
    expect(orderTotals(shops, 'collection').sum).toMatchObject({ shippingCharge: 0, total: 499 });
  });

  it('clears everything', () => {
    expect(clearCart()).toEqual({ items: [], shopCoupons: {}, rewardPointsApplied: {} });
    expect(cartCount(withItems([apples, 2], [loaf, 3]).items)).toBe(5);
  });
});
