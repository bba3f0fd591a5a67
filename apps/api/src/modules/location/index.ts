/** The location module's public surface: its routes, the geocoder they are given and the delivery radius rule. */
export type { Geocoder } from './geocoder';
export { GeocoderUnavailableError } from './geocoder';
export { locationRoutes } from './location.routes';
export { checkDelivery, createGeocoder, type DeliveryCheck } from './location.service';
