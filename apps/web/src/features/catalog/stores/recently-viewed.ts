import { RECENTLY_VIEWED_LIMIT } from '@parade/core/catalog';
import type { ProductCard } from '@parade/core/catalog-dto';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A product the shopper opened, as a card, with when it was stored (ISO time). */
export type RecentlyViewedItem = ProductCard & { stored_at: string };

interface RecentlyViewedState {
  items: RecentlyViewedItem[];
  /** Puts the product first; an earlier visit to it is dropped; at most 5 are kept (spec section 9). */
  remember: (product: ProductCard, now?: Date) => void;
  clear: () => void;
}

export function rememberProduct(
  items: RecentlyViewedItem[],
  product: ProductCard,
  now: Date = new Date(),
): RecentlyViewedItem[] {
  const others = items.filter((item) => item.id !== product.id);
  return [{ ...product, stored_at: now.toISOString() }, ...others].slice(0, RECENTLY_VIEWED_LIMIT);
}

export const useRecentlyViewed = create<RecentlyViewedState>()(
  persist(
    (set) => ({
      items: [],
      remember: (product, now) => set((state) => ({ items: rememberProduct(state.items, product, now) })),
      clear: () => set({ items: [] }),
    }),
    {
      name: 'parade.recently-viewed',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ items: state.items }),
    },
  ),
);
