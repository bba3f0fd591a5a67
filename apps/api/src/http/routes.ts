import type { FastifyInstance } from 'fastify';
import { addressesRoutes } from '../modules/addresses/addresses.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { securityRoutes } from '../modules/auth/security.routes';
import { adminCouponsRoutes } from '../modules/cart/admin-coupons.routes';
import { cartRoutes } from '../modules/cart/cart.routes';
import { vendorCouponsRoutes } from '../modules/cart/vendor-coupons.routes';
import { catalogAdminRoutes } from '../modules/catalog/admin.routes';
import { catalogRoutes } from '../modules/catalog/catalog.routes';
import { vendorCatalogRoutes } from '../modules/catalog/vendor.routes';
import { contentAdminRoutes } from '../modules/content/admin.routes';
import { contentEditorialAdminRoutes } from '../modules/content/admin-content.routes';
import { contentRoutes } from '../modules/content/content.routes';
import { downloadsRoutes } from '../modules/downloads/downloads.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { createGeocoder } from '../modules/location';
import { locationRoutes } from '../modules/location/location.routes';
import { mailAdminRoutes } from '../modules/mail/admin.routes';
import { financeRoutes } from '../modules/money/finance.routes';
import { moneyRoutes } from '../modules/money/money.routes';
import { offersRoutes } from '../modules/offers/offers.routes';
import { qrCodesPublicRoutes, qrCodesVendorRoutes } from '../modules/offers/qr-codes.routes';
import { vendorOffersRoutes } from '../modules/offers/vendor-offers.routes';
import { ordersAdminRoutes } from '../modules/orders/admin.routes';
import { ordersRoutes } from '../modules/orders/orders.routes';
import { vendorOrdersRoutes } from '../modules/orders/vendor.routes';
import { adminRefundsRoutes } from '../modules/payments/admin-refunds.routes';
import { paymentsRoutes } from '../modules/payments/payments.routes';
import { payoutsRoutes } from '../modules/payouts/payouts.routes';
import { pushRoutes } from '../modules/push/push.routes';
import { returnsUserRoutes } from '../modules/returns/user.routes';
import { returnsVendorRoutes } from '../modules/returns/vendor.routes';
import { reviewsManageRoutes } from '../modules/reviews/manage.routes';
import { reviewsRoutes } from '../modules/reviews/reviews.routes';
import { searchRoutes } from '../modules/search/search.routes';
import { seoRoutes } from '../modules/seo/seo.routes';
import { shopRequestsAdminRoutes } from '../modules/shop-requests/admin.routes';
import { shopRequestsUserRoutes } from '../modules/shop-requests/user.routes';
import { shopsManageRoutes } from '../modules/shops/manage.routes';
import { shopsRoutes } from '../modules/shops/shops.routes';
import { ticketsAdminRoutes } from '../modules/tickets/admin.routes';
import { ticketsUserRoutes } from '../modules/tickets/user.routes';
import { ticketsVendorRoutes } from '../modules/tickets/vendor.routes';
import { usersAdminRoutes } from '../modules/users/admin.routes';
import { usersRoutes } from '../modules/users/users.routes';

/**
 * Every route plugin of the API, registered in one place (app.ts mounts this under `/api`).
 * The route files live beside their module's code but belong to the HTTP layer: they may use
 * plugins, workflows and other modules, so no module index exports them and nothing else
 * imports them (docs/decisions/024). The order is the OpenAPI document's order.
 */
export async function apiRoutes(api: FastifyInstance): Promise<void> {
  // The storefront's and the customer's calls.
  await api.register(healthRoutes);
  await api.register(contentRoutes);
  await api.register(catalogRoutes);
  await api.register(shopsRoutes);
  await api.register(searchRoutes);
  await api.register(locationRoutes, { geocoder: createGeocoder(api.config) });
  await api.register(cartRoutes);
  await api.register(ordersRoutes);
  await api.register(downloadsRoutes);
  await api.register(paymentsRoutes);
  await api.register(authRoutes);
  await api.register(securityRoutes);
  await api.register(usersRoutes);
  await api.register(addressesRoutes);
  await api.register(pushRoutes);
  await api.register(shopRequestsUserRoutes);
  await api.register(returnsUserRoutes);
  await api.register(ticketsUserRoutes);
  await api.register(reviewsRoutes);
  await api.register(qrCodesPublicRoutes, { prefix: '/vendor-offers' });
  await api.register(offersRoutes, { prefix: '/vendor-offers' });
  await api.register(manageRoutes);
}

/**
 * The merchant (`/vendor/...`) and platform (`/admin/...`) calls of the admin site, gathered from
 * the modules that own their data. The role guards (plugins/role-guards.ts) protect every route
 * under those prefixes whoever declares it.
 */
async function manageRoutes(api: FastifyInstance): Promise<void> {
  await api.register(vendorCatalogRoutes);
  await api.register(vendorCouponsRoutes);
  await api.register(adminCouponsRoutes);
  await api.register(shopsManageRoutes);
  await api.register(vendorOrdersRoutes);
  await api.register(moneyRoutes);
  await api.register(payoutsRoutes);
  await api.register(financeRoutes);
  await api.register(returnsVendorRoutes);
  await api.register(reviewsManageRoutes);
  await api.register(adminRefundsRoutes);
  await api.register(shopRequestsAdminRoutes);
  // The editorial content (sliders, pages, blog, deals), then the site settings.
  await api.register(contentEditorialAdminRoutes);
  await api.register(contentAdminRoutes);
  await api.register(usersAdminRoutes);
  await api.register(ordersAdminRoutes);
  await api.register(catalogAdminRoutes);
  await api.register(ticketsAdminRoutes);
  await api.register(ticketsVendorRoutes);
  await api.register(mailAdminRoutes);
  await api.register(qrCodesVendorRoutes, { prefix: '/vendor-offers' });
  await api.register(vendorOffersRoutes, { prefix: '/vendor-offers' });
}

/** The few routes at the site's root rather than under /api: robots.txt and the sitemaps. */
export async function siteRootRoutes(app: FastifyInstance): Promise<void> {
  await app.register(seoRoutes);
}
