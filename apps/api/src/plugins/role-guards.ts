import { securityMessages } from '@parade/core/account-security-schemas';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { hasTwoFactor } from '../modules/auth';
import { findStaffShopId } from '../modules/users';
import { requireRole } from './auth';

/**
 * The merchant's offer calls keep the spec's paths under `/api/vendor-offers/vendor/`: these
 * three sections (`offers`, `claims`, `qr-code`, the segment exactly). The rest of that prefix
 * is public (`vendor/{slug}/offers`, `vendor/{slug}/my-offer`), so a shop slug cannot be one of
 * them (a shop called "offers" would be shadowed by the merchant's path).
 */
const VENDOR_OFFERS_MERCHANT = /^\/api\/vendor-offers\/vendor\/(?:offers|claims|qr-code)(?:\/|$)/;

/** Which guard a path falls under: the merchant's, the platform's, or none. */
export function guardedArea(url: string): 'vendor' | 'admin' | null {
  // `/api/vendor` alone is the public shop menu and `/api/vendor-offers/` the offers' own paths,
  // except the merchant's offer calls under `/api/vendor-offers/vendor/`.
  if (url.startsWith('/api/vendor/')) return 'vendor';
  if (VENDOR_OFFERS_MERCHANT.test(url)) return 'vendor';
  if (url.startsWith('/api/admin/')) return 'admin';
  return null;
}

/** The caller's shop, set by the vendor guard; the only shop a vendor call may act on. */
export function vendorShopId(request: FastifyRequest): number {
  const shopId = request.vendorShopId;
  // Unreachable behind the guard; a route outside the vendor guard's paths calling this is a bug.
  if (shopId === undefined) throw new Error('vendorShopId read outside a vendor-guarded route');
  return shopId;
}

const vendorGuard: onRequestHookHandler = async function vendorGuard(request) {
  const user = await requireRole(request, 'vendor');
  const shopId = await findStaffShopId(request.server.db, user.id);
  if (shopId === null) {
    throw new AppError(403, 'This account runs no shop.', {}, 'vendor_shop_missing');
  }
  request.vendorShopId = shopId;
};

const adminGuard: onRequestHookHandler = async function adminGuard(request) {
  const admin = await requireRole(request, 'admin');
  // Decision 045: where required (every server), an admin without two-factor sign-in is sent to
  // set it up (the merchant site reads this code) before any admin call.
  if (request.server.config.adminTwoFactor === 'required' && !(await hasTwoFactor(request.server.db, admin.id))) {
    throw new AppError(403, securityMessages.adminTwoFactorRequired, {}, 'two_factor_required');
  }
};

/**
 * Every route under `/api/vendor/` needs a vendor who runs a shop (the shop comes from the
 * token's user, never the request); every route under `/api/admin/` needs an admin. The guards
 * are attached as each route is declared (onRoute), first of its onRequest hooks, so a new
 * route under either prefix is guarded without asking, and refused before its body is read.
 * The routes it guarded are listed in `app.guardedRoutes` (the authorisation tests walk it).
 */
export const roleGuardsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('vendorShopId', undefined);
    const guarded: GuardedRoute[] = [];
    app.decorate('guardedRoutes', guarded);
    app.addHook('onRoute', (route) => {
      const area = guardedArea(route.url);
      if (!area) return;
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [area === 'vendor' ? vendorGuard : adminGuard, ...existing];
      // The OpenAPI document says so too, whatever the route declared.
      if (route.schema) {
        route.schema.security ??= [{ bearer: [] }];
        route.schema.tags ??= [area];
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') guarded.push({ method, url: route.url, area });
    });
  },
  { name: 'role-guards', dependencies: ['auth', 'db'] },
);

export interface GuardedRoute {
  method: string;
  url: string;
  area: 'vendor' | 'admin';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the vendor guard on `/api/vendor/` routes: the caller's own shop. */
    vendorShopId: number | undefined;
  }
  interface FastifyInstance {
    /** Every route the role guards protect, as declared (method, full URL, area). */
    guardedRoutes: GuardedRoute[];
  }
}
