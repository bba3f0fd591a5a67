import type { FastifyInstance } from 'fastify';
import { vendorCouponsRoutes } from './modules/cart';
import { catalogAdminRoutes, vendorCatalogRoutes } from './modules/catalog';
import { contentAdminRoutes } from './modules/content';
import { mailAdminRoutes } from './modules/mail';
import { qrCodesVendorRoutes, vendorOffersRoutes } from './modules/offers';
import { vendorOrdersRoutes } from './modules/orders';
import { returnsVendorRoutes } from './modules/returns';
import { shopRequestsAdminRoutes } from './modules/shop-requests';
import { shopsManageRoutes } from './modules/shops';
import { ticketsAdminRoutes, ticketsVendorRoutes } from './modules/tickets';
import { usersAdminRoutes } from './modules/users';

/**
 * The merchant (`/vendor/...`) and platform (`/admin/...`) calls of the admin site, gathered from
 * the modules that own their data. The role guards (plugins/role-guards.ts) protect every route
 * under those prefixes whoever declares it; this list only keeps app.ts short.
 */
export async function manageRoutes(api: FastifyInstance): Promise<void> {
  await api.register(vendorCatalogRoutes);
  await api.register(vendorCouponsRoutes);
  await api.register(shopsManageRoutes);
  await api.register(vendorOrdersRoutes);
  await api.register(returnsVendorRoutes);
  await api.register(shopRequestsAdminRoutes);
  await api.register(contentAdminRoutes);
  await api.register(usersAdminRoutes);
  await api.register(catalogAdminRoutes);
  await api.register(ticketsAdminRoutes);
  await api.register(ticketsVendorRoutes);
  await api.register(mailAdminRoutes);
  await api.register(qrCodesVendorRoutes, { prefix: '/vendor-offers' });
  await api.register(vendorOffersRoutes, { prefix: '/vendor-offers' });
}
