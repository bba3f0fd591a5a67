/** The orders module's public surface: its routes. */
export { ordersRoutes } from './orders.routes';
