/** The addresses module's public surface: its routes. */
export { addressesRoutes } from './addresses.routes';
