import {
  chooseCollection,
  chooseDelivery,
  clearLocation,
  closeLocationModal,
  initialLocation,
  type LocationState,
  pruneCollectionPoint,
} from '@parade/core/location';
import type { CollectionPoint } from '@parade/core/settings';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type { OrderType, SelectedLocation } from '@parade/core/location';
export { parseCollectionPoints } from '@parade/core/location';

interface LocationStore extends LocationState {
  showLocationPopup: boolean;
  openPopup(): void;
  /** Closed without Continue. */
  closePopup(cartIsAllDigital: boolean): void;
  /** Continue chose a location: hide the popup. */
  hidePopup(): void;
  chooseCollection(point: CollectionPoint): void;
  chooseDelivery(postcode: string, address: string): void;
  clearLocation(): void;
  pruneCollectionPoint(configured: CollectionPoint[]): void;
}

/** The delivery location is stored locally under a fixed key (spec section 9). */
export const LOCATION_STORAGE_KEY = 'parade-location';

const location = (state: LocationStore): LocationState => ({
  orderType: state.orderType,
  selectedLocation: state.selectedLocation,
});

/** Order type and selected location; the rules live in @parade/core/location. */
export const useLocationStore = create<LocationStore>()(
  persist<LocationStore, [], [], LocationState>(
    (set, get) => ({
      ...initialLocation,
      showLocationPopup: false,
      openPopup: () => set({ showLocationPopup: true }),
      closePopup: (cartIsAllDigital) =>
        set({ ...closeLocationModal(location(get()), cartIsAllDigital), showLocationPopup: false }),
      hidePopup: () => set({ showLocationPopup: false }),
      chooseCollection: (point) => set(chooseCollection(point)),
      chooseDelivery: (postcode, address) => set(chooseDelivery(postcode, address)),
      clearLocation: () => set(clearLocation(location(get()))),
      pruneCollectionPoint: (configured) => {
        // Written only when a point is actually dropped or its note changed: every write is persisted, and a tab
        // that wrote its unchanged copy at boot would replace a choice made meanwhile elsewhere.
        const current = location(get());
        const pruned = pruneCollectionPoint(current, configured);
        if (pruned.selectedLocation !== current.selectedLocation) set(pruned);
      },
    }),
    { name: LOCATION_STORAGE_KEY, storage: createJSONStorage(() => localStorage), partialize: location },
  ),
);
