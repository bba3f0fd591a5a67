/** The addresses module's public surface: its routes, and the look-up checkout uses. */
export { addressesRoutes } from './addresses.routes';
export { findUserAddress } from './addresses.service';
