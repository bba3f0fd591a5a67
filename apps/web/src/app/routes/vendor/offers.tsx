import { ShopOffersTab } from './offers-tab';

/** /vendor/{slug}/offers: all the shop's discount offers (QR-only ones say to scan the code in store). */
export function Component() {
  return <ShopOffersTab qrOnly={false} />;
}
