/** The location module's public surface: the geocoder its routes are given and the delivery radius rule. */
export type { Geocoder } from './geocoder';
export { GeocoderUnavailableError } from './geocoder';
export { checkDelivery, createGeocoder, type DeliveryCheck } from './location.service';
