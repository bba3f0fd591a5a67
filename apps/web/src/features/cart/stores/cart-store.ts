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
