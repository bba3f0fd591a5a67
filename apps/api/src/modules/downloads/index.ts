/** The downloads module's public surface: the customer's digital products and their signed download route. */
export { downloadsRoutes } from './downloads.routes';
