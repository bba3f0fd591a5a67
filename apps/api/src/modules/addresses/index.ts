/** The addresses module's public surface: the look-up checkout uses. */
export { findUserAddress } from './addresses.service';
