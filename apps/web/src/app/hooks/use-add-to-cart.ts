import type { CartItem } from '@parade/core/cart';
import { create } from 'zustand';
import { useCartActions } from '@/features/cart/hooks/use-cart-actions';
import { useLocationStore } from '@/features/location/stores/location-store';

type NewLine = Omit<CartItem, 'quantity'>;

/** The item held while the shopper picks a location; added after Continue (spec section 4). */
export const useHeldItem = create<{
  held: { item: NewLine; quantity: number } | null;
  hold(item: NewLine, quantity: number): void;
  release(): void;
}>((set) => ({
  held: null,
  hold: (item, quantity) => set({ held: { item, quantity } }),
  release: () => set({ held: null }),
}));

/**
 * Adds to the cart, unless the item is physical and no location is chosen yet: then the
 * order-type popup opens and the item waits for Continue.
 */
export function useAddToCart() {
  const cart = useCartActions();
  const selectedLocation = useLocationStore((s) => s.selectedLocation);
  const openPopup = useLocationStore((s) => s.openPopup);
  const hold = useHeldItem((s) => s.hold);
  return (item: NewLine, quantity = 1) => {
    if (item.product.type !== 'Digital' && !selectedLocation) {
      hold(item, quantity);
      openPopup();
      return;
    }
    cart.add(item, quantity);
  };
}
