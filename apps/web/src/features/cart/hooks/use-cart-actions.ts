import type { CartItem } from '@parade/core/cart';
import { messages } from '@parade/core/messages';
import { notify } from '@/components/ui/notify';
import { useCartStore } from '../stores/cart-store';

/** Cart changes with their toasts: 'Item added to cart', 'Please apply coupon again'. */
export function useCartActions() {
  const store = useCartStore();
  const tell = (message: string | undefined) => {
    if (message) notify({ kind: 'info', message });
  };
  return {
    add(item: Omit<CartItem, 'quantity'>, quantity = 1) {
      const message = store.add(item, quantity);
      notify({ kind: 'success', message: messages.itemAddedToCart });
      tell(message);
    },
    setQuantity: (variationId: number, quantity: number) => tell(store.setQuantity(variationId, quantity)),
    remove: (variationId: number) => tell(store.remove(variationId)),
  };
}
