import type { CartItem } from '@parade/core/cart';
import { messages } from '@parade/core/messages';
import { notify } from '@/components/ui/notify';
import { useCartStore } from '../stores/cart-store';

/**
 * Cart changes with their toasts: 'Item added to cart', 'Please apply coupon again'. The actions
 * read the store when called: a component that only changes the cart (every card's Add button)
 * does not subscribe to it, so it is not drawn again on each change, nor after hydration, when
 * the cart restored from local storage replaces the server's empty one (a store's change is a
 * synchronous redraw: decision 040).
 */
export function useCartActions() {
  const store = useCartStore.getState;
  const tell = (message: string | undefined) => {
    if (message) notify({ kind: 'info', message });
  };
  return {
    add(item: Omit<CartItem, 'quantity'>, quantity = 1) {
      const message = store().add(item, quantity);
      notify({ kind: 'success', message: messages.itemAddedToCart });
      tell(message);
    },
    setQuantity: (variationId: number, quantity: number) => tell(store().setQuantity(variationId, quantity)),
    remove: (variationId: number) => tell(store().remove(variationId)),
  };
}
