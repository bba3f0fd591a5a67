/**
 * Order type and selected location rules of spec section 4, as pure state transitions.
 * The storefront's location store applies them.
 */
import type { OrderType } from './enum-values';
import type { CollectionPoint } from './settings';

export type { OrderType } from './enum-values';

export type SelectedLocation =
  | { type: 'delivery'; location: { postcode: string; address: string } }
  | { type: 'collection'; location: CollectionPoint };

export interface LocationState {
  orderType: OrderType;
  selectedLocation: SelectedLocation | null;
}

/** Collection is the default order type (spec section 9). */
export const initialLocation: LocationState = { orderType: 'collection', selectedLocation: null };

/** Choosing a collection point stores it and clears any delivery selection. */
export const chooseCollection = (point: CollectionPoint): LocationState => ({
  orderType: 'collection',
  selectedLocation: { type: 'collection', location: point },
});

/** Choosing a valid delivery postcode stores it and clears any collection point. */
export const chooseDelivery = (postcode: string, address: string): LocationState => ({
  orderType: 'delivery',
  selectedLocation: { type: 'delivery', location: { postcode, address } },
});

/** Removing the selection clears the stored location. */
export const clearLocation = (state: LocationState): LocationState => ({ ...state, selectedLocation: null });

/**
 * Closing the modal without Continue: delivery if the cart holds only digital items, else
 * collection. A location already chosen keeps its own order type, so the two never disagree.
 */
export function closeLocationModal(state: LocationState, cartIsAllDigital: boolean): LocationState {
  if (state.selectedLocation) return { ...state, orderType: state.selectedLocation.type };
  return { ...state, orderType: cartIsAllDigital ? 'delivery' : 'collection' };
}

/**
 * A stored collection point that is no longer configured is removed (spec section 4). One still
 * configured takes the configured note: a shopper coming back after the admin changed a point's
 * opening hours reads the new ones, not the copy stored in their browser.
 */
export function pruneCollectionPoint(state: LocationState, configured: CollectionPoint[]): LocationState {
  const selected = state.selectedLocation;
  if (selected?.type !== 'collection') return state;
  const current = configured.find((point) => point.value === selected.location.value);
  if (!current) return { ...state, selectedLocation: null };
  if ((current.note ?? null) === (selected.location.note ?? null)) return state;
  return { ...state, selectedLocation: { type: 'collection', location: current } };
}

/** Settings `collection_locations` is a JSON list of {value, note?}; anything else gives none. */
export function parseCollectionPoints(raw: string | undefined): CollectionPoint[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry) =>
      entry && typeof entry === 'object' && typeof entry.value === 'string' && entry.value.trim() !== ''
        ? [{ value: entry.value, ...(typeof entry.note === 'string' ? { note: entry.note } : {}) }]
        : [],
    );
  } catch {
    return [];
  }
}
