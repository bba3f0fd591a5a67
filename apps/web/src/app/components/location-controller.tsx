import { messages } from '@parade/core/messages';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '@/components/ui/notify';
import { useCartActions } from '@/features/cart/hooks/use-cart-actions';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useSettings } from '@/features/content/api/get-settings';
import { parseCollectionPoints, useLocationStore } from '@/features/location/stores/location-store';
import { useHeldItem } from '../hooks/use-add-to-cart';

// The modal (and its autocomplete, radios and map of collection points) loads when first opened.
const LocationModal = lazy(async () => ({
  default: (await import('@/features/location/components/location-modal')).LocationModal,
}));

/** Mounts the 'Choose Order Type' modal once, wiring it to the cart and the held item. */
export function LocationController() {
  const settings = useSettings();
  const collectionPoints = useMemo(
    () => parseCollectionPoints(settings.data?.collection_locations),
    [settings.data?.collection_locations],
  );
  const opened = useLocationStore((s) => s.showLocationPopup);
  const closePopup = useLocationStore((s) => s.closePopup);
  const hidePopup = useLocationStore((s) => s.hidePopup);
  const pruneCollectionPoint = useLocationStore((s) => s.pruneCollectionPoint);
  const items = useCartStore((s) => s.items);
  const cart = useCartActions();
  const { held, release } = useHeldItem();

  // A stored collection point that is no longer configured is dropped; one still configured takes its current note.
  useEffect(() => {
    if (settings.data) pruneCollectionPoint(collectionPoints);
  }, [settings.data, collectionPoints, pruneCollectionPoint]);

  const cartIsAllDigital = items.length > 0 && items.every((item) => item.product.type === 'Digital');

  // Focus goes back to what opened the modal when it closes. Mantine's modal does this itself
  // from its second opening on; the first time it mounts already open (its code loads then) and
  // does not see what had focus, which left focus on the page's body.
  const openedFrom = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (opened) {
      openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const from = openedFrom.current;
    openedFrom.current = null;
    if (!from) return;
    // After the modal's own return (it runs 10 ms after closing) and its transition.
    const timer = window.setTimeout(() => {
      if (from.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
        from.focus({ preventScroll: true });
      }
    }, 250);
    return () => window.clearTimeout(timer);
  }, [opened]);

  // Once opened it stays mounted, so closing still plays the modal's transition.
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;

  return (
    <Suspense fallback={null}>
      <LocationModal
        opened={opened}
        collectionPoints={collectionPoints}
        onClose={() => {
          closePopup(cartIsAllDigital);
          release();
        }}
        onContinue={() => {
          hidePopup();
          notify({ kind: 'success', message: messages.locationSelected });
          if (held) {
            cart.add(held.item, held.quantity);
            release();
          }
        }}
      />
    </Suspense>
  );
}
