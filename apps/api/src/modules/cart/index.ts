/** The cart module's public surface: its routes (coupon checks, reward balances). */
export { cartRoutes } from './cart.routes';
