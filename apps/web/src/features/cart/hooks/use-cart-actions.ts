import type { CartItem } from '@parade/core/cart';
import { messages } from '@parade/core/messages';
import { notify } from '@/components/ui/notify';
import { useCartStore } from '../stores/cart-store';

/**
 * Cart changes with their toasts: 'Item added to cart', 'Please apply coupon again', and a quantity
 * changed or a line removed said to screen readers. The actions
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
  const nameOf = (variationId: number) => store().items.find((item) => item.id === variationId)?.full_name;
  // The line's new quantity, or that it went, is read out: the change happens where a screen
  // reader is not (the line's total, the summary), and a toast comes only with a coupon message.
  const sayWhatChanged = (variationId: number, name: string | undefined) => {
    if (!name) return;
    const line = store().items.find((item) => item.id === variationId);
    const message = line ? `Quantity of ${name}: ${line.quantity}.` : `${name} removed from your cart.`;
    // Loaded when first needed: every card's Add button carries these actions on a first load.
    void import('@parade/ui/announce').then(({ announce }) => announce(message));
  };
  return {
    add(item: Omit<CartItem, 'quantity'>, quantity = 1) {
      const message = store().add(item, quantity);
      notify({ kind: 'success', message: messages.itemAddedToCart });
      tell(message);
    },
    setQuantity(variationId: number, quantity: number) {
      const name = nameOf(variationId);
      tell(store().setQuantity(variationId, quantity));
      sayWhatChanged(variationId, name);
    },
    remove(variationId: number) {
      const name = nameOf(variationId);
      tell(store().remove(variationId));
      sayWhatChanged(variationId, name);
    },
  };
}
