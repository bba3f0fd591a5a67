import {
  addItem,
  applyCoupon,
  applyRewardPoints,
  type CartChange,
  type CartItem,
  type CartState,
  emptyCart,
  removeCoupon,
  removeItem,
  type ShopCoupon,
  setQuantity,
} from '@parade/core/cart';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const CART_STORAGE_KEY = 'parade-cart';

interface CartStore extends CartState {
  /** Each change returns the message to show, if any ('Please apply coupon again'). */
  add(item: Omit<CartItem, 'quantity'>, quantity?: number): string | undefined;
  remove(variationId: number, options?: { decrement?: boolean }): string | undefined;
  setQuantity(variationId: number, quantity: number): string | undefined;
  applyCoupon(coupon: ShopCoupon): void;
  removeCoupon(shopId: number): void;
  applyRewardPoints(shopId: number, points: number): void;
  clearRewardPoints(): void;
  clear(): void;
}

const pick = (state: CartState): CartState => ({
  items: state.items,
  shopCoupons: state.shopCoupons,
  rewardPointsApplied: state.rewardPointsApplied,
});

/** The cart, kept in local storage so a reload or a closed tab never loses it. Rules live in @parade/core/cart. */
export const useCartStore = create<CartStore>()(
  persist<CartStore, [], [], CartState>(
    (set, get) => {
      const commit = (change: CartChange) => {
        set(change.state);
        return change.message;
      };
      return {
        ...emptyCart(),
        add: (item, quantity = 1) => commit(addItem(pick(get()), item, quantity)),
        remove: (variationId, options) => commit(removeItem(pick(get()), variationId, options)),
        setQuantity: (variationId, quantity) => commit(setQuantity(pick(get()), variationId, quantity)),
        applyCoupon: (coupon) => set(applyCoupon(pick(get()), coupon)),
        removeCoupon: (shopId) => set(removeCoupon(pick(get()), shopId)),
        applyRewardPoints: (shopId, points) => set(applyRewardPoints(pick(get()), shopId, points)),
        clearRewardPoints: () => set({ rewardPointsApplied: {} }),
        clear: () => set(emptyCart()),
      };
    },
    { name: CART_STORAGE_KEY, version: 1, storage: createJSONStorage(() => localStorage), partialize: pick },
  ),
);

/**
 * Another tab's change reaches this one at once: the browser tells every other tab of the same
 * site when local storage changes (the `storage` event), and the cart is read from it again.
 * Without it, a tab left open with an older cart wrote that cart back on its next change and
 * silently dropped what the other tab had added (an outside audit lost a bun this way).
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    // `key` is null when the whole storage was cleared (e.g. the site's data removed).
    if (event.key === CART_STORAGE_KEY || event.key === null) void useCartStore.persist.rehydrate();
  });
}
