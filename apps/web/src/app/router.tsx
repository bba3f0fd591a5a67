import type { RouteObject } from 'react-router';
import { guestOnlyLoader, requireUserLoader } from '@/features/auth/guards';
import { BootScreen, MainLayout } from './layout/main-layout';
import { homeLoader, layoutLoader, productLoader, productsLoader } from './routes/loaders';
import { RouteError } from './routes/route-error';

/**
 * History-mode routes, base /. Screens, the profile area and the slim auth layout load lazily,
 * so the entry chunk holds only the main layout (header, footer) and the providers. The browser
 * (main.tsx) and the server render (entry-server.tsx) build their routers from these.
 *
 * A lazy route's id is its module's path under src/app: the server looks its chunk and CSS up
 * by it (in the build's module map) to link them in the page it renders.
 */
export const routes: RouteObject[] = matchCase([
  {
    element: <MainLayout />,
    loader: layoutLoader,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      {
        // A screen that fails shows the error inside the layout, so the header still works.
        errorElement: <RouteError />,
        children: [
          { index: true, loader: homeLoader, id: 'routes/home', lazy: () => import('./routes/home') },
          { path: 'products', loader: productsLoader, id: 'routes/products', lazy: () => import('./routes/products') },
          {
            path: ':vendor/product/:product/:variation',
            loader: productLoader,
            id: 'routes/product',
            lazy: () => import('./routes/product'),
          },
          { path: 'vendors', id: 'routes/vendors', lazy: () => import('./routes/vendors') },
          {
            path: 'vendor/:slug',
            id: 'routes/vendor/layout',
            lazy: () => import('./routes/vendor/layout'),
            children: [
              { index: true, id: 'routes/vendor/home', lazy: () => import('./routes/vendor/home') },
              { path: 'products', id: 'routes/vendor/products', lazy: () => import('./routes/vendor/products') },
              { path: 'featured', id: 'routes/vendor/featured', lazy: () => import('./routes/vendor/featured') },
              { path: 'offers', id: 'routes/vendor/offers', lazy: () => import('./routes/vendor/offers') },
              { path: 'qr-offers', id: 'routes/vendor/qr-offers', lazy: () => import('./routes/vendor/qr-offers') },
              // Reached by scanning the shop's QR code; open to guests (Claim sends them to Login and back).
              { path: 'my-offer', id: 'routes/vendor/my-offer', lazy: () => import('./routes/vendor/my-offer') },
            ],
          },
          { path: 'blog', id: 'routes/blog', lazy: () => import('./routes/blog') },
          { path: 'blog/:slug', id: 'routes/blog-post', lazy: () => import('./routes/blog-post') },
          { path: 'ubm-offers', id: 'routes/ubm-offers', lazy: () => import('./routes/ubm-offers') },
          { path: 'privacy-policy', id: 'routes/privacy-policy', lazy: () => import('./routes/privacy-policy') },
          {
            path: 'terms-and-condition',
            id: 'routes/terms-and-condition',
            lazy: () => import('./routes/terms-and-condition'),
          },
          { path: 'contact', id: 'routes/contact', lazy: () => import('./routes/contact') },
          // Pages the admin writes (About, Delivery...): privacy, terms and contact keep their spec routes.
          { path: 'page/:slug', id: 'routes/page', lazy: () => import('./routes/page') },
          { path: 'cart-details', id: 'routes/cart-details', lazy: () => import('./routes/cart-details') },
          // Spec section 2: needs the stored token, else /login (which forwards to Login); the module's loader checks.
          { path: 'digital-products', id: 'routes/digital-products', lazy: () => import('./routes/digital-products') },
          { path: 'login', id: 'routes/login', lazy: () => import('./routes/login') },
          {
            path: 'unsubscribe/review-mails',
            id: 'routes/unsubscribe-review-mails',
            lazy: () => import('./routes/unsubscribe-review-mails'),
          },
          {
            // Checkout and its order screens: login required (spec section 2), as for the profile.
            loader: requireUserLoader,
            id: 'layout/signed-in-outlet',
            lazy: async () => ({ Component: (await import('./layout/signed-in-outlet')).SignedInOutlet }),
            children: [
              { path: 'cart', id: 'routes/checkout', lazy: () => import('./routes/checkout') },
              { path: 'order/pay/:invoice', id: 'routes/order/pay', lazy: () => import('./routes/order/pay') },
              { path: 'order/success', id: 'routes/order/success', lazy: () => import('./routes/order/success') },
              {
                path: 'order/invoice/:invoice',
                id: 'routes/order/invoice',
                lazy: () => import('./routes/order/invoice'),
              },
            ],
          },
          {
            // Login required (spec section 2); the loader redirects a guest before anything renders.
            path: 'profile',
            loader: requireUserLoader,
            id: 'layout/profile-layout',
            lazy: async () => ({ Component: (await import('./layout/profile-layout')).ProfileLayout }),
            children: [
              { index: true, id: 'routes/profile/info', lazy: () => import('./routes/profile/info') },
              { path: 'address', id: 'routes/profile/address', lazy: () => import('./routes/profile/address') },
              { path: 'security', id: 'routes/profile/security', lazy: () => import('./routes/profile/security') },
              { path: 'orders', id: 'routes/profile/orders', lazy: () => import('./routes/profile/orders') },
              {
                path: 'orders/:id',
                id: 'routes/profile/order-detail',
                lazy: () => import('./routes/profile/order-detail'),
              },
              { path: 'track', id: 'routes/profile/track', lazy: () => import('./routes/profile/track') },
              {
                path: 'support-ticket',
                id: 'routes/profile/support-tickets',
                lazy: () => import('./routes/profile/support-tickets'),
              },
              {
                path: 'ticket-details/:ticket',
                id: 'routes/profile/ticket-details',
                lazy: () => import('./routes/profile/ticket-details'),
              },
              {
                path: 'order-return',
                id: 'routes/profile/order-return',
                lazy: () => import('./routes/profile/order-return'),
              },
              { path: 'shop', id: 'routes/profile/shop', lazy: () => import('./routes/profile/shop') },
              {
                path: 'create-shop',
                id: 'routes/profile/create-shop',
                lazy: () => import('./routes/profile/create-shop'),
              },
              {
                path: 'digital-products',
                id: 'routes/profile/digital-products',
                lazy: () => import('./routes/profile/digital-products'),
              },
              {
                path: 'reward-points',
                id: 'routes/profile/reward-points',
                lazy: () => import('./routes/profile/reward-points'),
              },
              { path: 'offers', id: 'routes/profile/offers', lazy: () => import('./routes/profile/offers') },
              {
                path: 'favourites',
                id: 'routes/profile/favourites',
                lazy: () => import('./routes/profile/favourites'),
              },
            ],
          },
          { path: '*', id: 'routes/not-found', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
  {
    // Auth screens in the slim layout. Login, register, forgot and reset are for guests only.
    id: 'layout/slim-layout',
    lazy: async () => ({ Component: (await import('./layout/slim-layout')).SlimLayout }),
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      {
        path: 'auth/login',
        loader: guestOnlyLoader,
        id: 'routes/auth/login',
        lazy: () => import('./routes/auth/login'),
      },
      {
        path: 'auth/register',
        loader: guestOnlyLoader,
        id: 'routes/auth/register',
        lazy: () => import('./routes/auth/register'),
      },
      {
        path: 'auth/forgot',
        loader: guestOnlyLoader,
        id: 'routes/auth/forgot',
        lazy: () => import('./routes/auth/forgot'),
      },
      {
        path: 'auth/reset-password/:token',
        loader: guestOnlyLoader,
        id: 'routes/auth/reset-password',
        lazy: () => import('./routes/auth/reset-password'),
      },
      { path: 'mail', id: 'routes/auth/mail', lazy: () => import('./routes/auth/mail') },
      { path: 'manage', id: 'routes/auth/manage', lazy: () => import('./routes/auth/manage') },
    ],
  },
]);

/**
 * Paths match as written, as the server's status for a page does (storefront-status.ts):
 * /Products is not /products. React Router matches without case by default, so /Products drew
 * the products page under a 404 status, a second address for the same page.
 */
function matchCase(list: RouteObject[]): RouteObject[] {
  return list.map(
    (route) =>
      ({
        ...route,
        ...(route.path ? { caseSensitive: true } : {}),
        ...(route.children ? { children: matchCase(route.children) } : {}),
      }) as RouteObject,
  );
}
