/** The location module's public surface: its routes and the geocoder they are given. */
export { locationRoutes } from './location.routes';
export { createGeocoder } from './location.service';
