import { messages } from '@parade/core/messages';
import { useEffect, useMemo } from 'react';
import { notify } from '@/components/ui/notify';
import { useCartActions } from '@/features/cart/hooks/use-cart-actions';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { useSettings } from '@/features/content/api/get-settings';
import { LocationModal } from '@/features/location/components/location-modal';
import { parseCollectionPoints, useLocationStore } from '@/features/location/stores/location-store';
import { useHeldItem } from '../hooks/use-add-to-cart';

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

  // A stored collection point that is no longer configured is dropped.
  useEffect(() => {
    if (settings.data) pruneCollectionPoint(collectionPoints);
  }, [settings.data, collectionPoints, pruneCollectionPoint]);

  const cartIsAllDigital = items.length > 0 && items.every((item) => item.product.type === 'Digital');

  return (
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
  );
}
