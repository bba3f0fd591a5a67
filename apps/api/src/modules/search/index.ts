/** The search module's public surface: its route. */
export { searchRoutes } from './search.routes';
