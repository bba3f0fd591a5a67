/** The addresses module's public surface: the look-up checkout uses (its routes are registered by src/http/routes.ts). */
export { findUserAddress } from './addresses.service';
