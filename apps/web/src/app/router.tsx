import { createBrowserRouter } from 'react-router';
import { guestOnlyLoader, requireUserLoader } from '@/features/auth/guards';
import { BootScreen, MainLayout } from './layout/main-layout';
import { homeLoader, productLoader, productsLoader } from './routes/loaders';
import { RouteError } from './routes/route-error';

/**
 * History-mode routes, base /. Screens, the profile area and the slim auth layout load lazily,
 * so the entry chunk holds only the main layout (header, footer) and the providers.
 */
export const router = createBrowserRouter([
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      {
        // A screen that fails shows the error inside the layout, so the header still works.
        errorElement: <RouteError />,
        children: [
          { index: true, loader: homeLoader, lazy: () => import('./routes/home') },
          { path: 'products', loader: productsLoader, lazy: () => import('./routes/products') },
          {
            path: ':vendor/product/:product/:variation',
            loader: productLoader,
            lazy: () => import('./routes/product'),
          },
          { path: 'vendors', lazy: () => import('./routes/vendors') },
          {
            path: 'vendor/:slug',
            lazy: () => import('./routes/vendor/layout'),
            children: [
              { index: true, lazy: () => import('./routes/vendor/home') },
              { path: 'products', lazy: () => import('./routes/vendor/products') },
              { path: 'featured', lazy: () => import('./routes/vendor/featured') },
              { path: 'offers', lazy: () => import('./routes/vendor/offers') },
              { path: 'qr-offers', lazy: () => import('./routes/vendor/qr-offers') },
              // Reached by scanning the shop's QR code; open to guests (Claim sends them to Login and back).
              { path: 'my-offer', lazy: () => import('./routes/vendor/my-offer') },
            ],
          },
          { path: 'blog', lazy: () => import('./routes/blog') },
          { path: 'blog/:slug', lazy: () => import('./routes/blog-post') },
          { path: 'ubm-offers', lazy: () => import('./routes/ubm-offers') },
          { path: 'privacy-policy', lazy: () => import('./routes/privacy-policy') },
          { path: 'terms-and-condition', lazy: () => import('./routes/terms-and-condition') },
          { path: 'contact', lazy: () => import('./routes/contact') },
          // Pages the admin writes (About, Delivery...): privacy, terms and contact keep their spec routes.
          { path: 'page/:slug', lazy: () => import('./routes/page') },
          { path: 'cart-details', lazy: () => import('./routes/cart-details') },
          // Spec section 2: needs the stored token, else /login (which forwards to Login); the module's loader checks.
          { path: 'digital-products', lazy: () => import('./routes/digital-products') },
          { path: 'login', lazy: () => import('./routes/login') },
          {
            // Checkout and its order screens: login required (spec section 2), as for the profile.
            loader: requireUserLoader,
            lazy: async () => ({ Component: (await import('./layout/signed-in-outlet')).SignedInOutlet }),
            children: [
              { path: 'cart', lazy: () => import('./routes/checkout') },
              { path: 'order/pay/:invoice', lazy: () => import('./routes/order/pay') },
              { path: 'order/success', lazy: () => import('./routes/order/success') },
              { path: 'order/invoice/:invoice', lazy: () => import('./routes/order/invoice') },
            ],
          },
          {
            // Login required (spec section 2); the loader redirects a guest before anything renders.
            path: 'profile',
            loader: requireUserLoader,
            lazy: async () => ({ Component: (await import('./layout/profile-layout')).ProfileLayout }),
            children: [
              { index: true, lazy: () => import('./routes/profile/info') },
              { path: 'address', lazy: () => import('./routes/profile/address') },
              { path: 'orders', lazy: () => import('./routes/profile/orders') },
              { path: 'orders/:id', lazy: () => import('./routes/profile/order-detail') },
              { path: 'track', lazy: () => import('./routes/profile/track') },
              { path: 'support-ticket', lazy: () => import('./routes/profile/support-tickets') },
              { path: 'ticket-details/:ticket', lazy: () => import('./routes/profile/ticket-details') },
              { path: 'order-return', lazy: () => import('./routes/profile/order-return') },
              { path: 'shop', lazy: () => import('./routes/profile/shop') },
              { path: 'create-shop', lazy: () => import('./routes/profile/create-shop') },
              { path: 'digital-products', lazy: () => import('./routes/profile/digital-products') },
              { path: 'reward-points', lazy: () => import('./routes/profile/reward-points') },
              { path: 'offers', lazy: () => import('./routes/profile/offers') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
  {
    // Auth screens in the slim layout. Login, register, forgot and reset are for guests only.
    lazy: async () => ({ Component: (await import('./layout/slim-layout')).SlimLayout }),
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      { path: 'auth/login', loader: guestOnlyLoader, lazy: () => import('./routes/auth/login') },
      { path: 'auth/register', loader: guestOnlyLoader, lazy: () => import('./routes/auth/register') },
      { path: 'auth/forgot', loader: guestOnlyLoader, lazy: () => import('./routes/auth/forgot') },
      {
        path: 'auth/reset-password/:token',
        loader: guestOnlyLoader,
        lazy: () => import('./routes/auth/reset-password'),
      },
      { path: 'mail', lazy: () => import('./routes/auth/mail') },
      { path: 'manage', lazy: () => import('./routes/auth/manage') },
    ],
  },
]);
