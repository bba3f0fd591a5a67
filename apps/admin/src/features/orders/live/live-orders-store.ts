import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LiveStatus } from './live-orders-connection';

interface LiveOrdersState {
  status: LiveStatus;
  /** Invoice numbers of orders that arrived since the shopkeeper last looked at the orders list. */
  unseen: string[];
  /** The chime's switch, kept in this browser. */
  muted: boolean;
  /** The last arrival, said by the screen reader's polite live region. */
  announcement: string;
  setStatus(status: LiveStatus): void;
  arrived(invoiceNumber: string): void;
  seen(): void;
  toggleMuted(): void;
}

/** The live board's state in this tab: connection, new orders not yet looked at, the chime's switch. */
export const useLiveOrdersStore = create<LiveOrdersState>()(
  persist(
    (set) => ({
      status: 'stopped',
      unseen: [],
      muted: false,
      announcement: '',
      setStatus: (status) => set({ status }),
      arrived: (invoiceNumber) =>
        set((state) => ({
          unseen: state.unseen.includes(invoiceNumber) ? state.unseen : [...state.unseen, invoiceNumber],
          announcement: `New order ${invoiceNumber}`,
        })),
      seen: () => set((state) => (state.unseen.length ? { unseen: [] } : state)),
      toggleMuted: () => set((state) => ({ muted: !state.muted })),
    }),
    {
      name: 'parade.admin.live-orders',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ muted: state.muted }) as LiveOrdersState,
    },
  ),
);
