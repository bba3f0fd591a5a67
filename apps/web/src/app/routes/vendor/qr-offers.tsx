import { ShopOffersTab } from './offers-tab';

/** /vendor/{slug}/qr-offers: the shop's QR code offers, claimed by scanning its code in store. */
export function Component() {
  return <ShopOffersTab qrOnly />;
}
