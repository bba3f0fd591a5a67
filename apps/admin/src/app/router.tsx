import { createBrowserRouter, redirect } from 'react-router';
import { redirectSignedIn, requireRole } from '@/features/auth/guards';
import { homeFor, paths } from '@/lib/paths';
import { useSessionStore } from '@/lib/session-store';
import { RouteError } from './routes/route-error';

const vendorLayout = async () => ({ Component: (await import('./layout/staff-layout')).VendorLayout });
const adminLayout = async () => ({ Component: (await import('./layout/staff-layout')).AdminLayout });

/**
 * The merchant/admin site under /admin. Every screen and the signed-in layout load lazily, so
 * sign-in downloads neither the tables nor the charts. A route's `handle.crumb` names it in the
 * breadcrumbs. Made after the session boot: a router starts its first loaders when created.
 */
export const createAppRouter = () =>
  createBrowserRouter(
    [
      {
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            loader: () => {
              const { user } = useSessionStore.getState();
              return redirect(user ? homeFor(user.role) : paths.signIn);
            },
          },
          { path: 'sign-in', loader: redirectSignedIn, lazy: () => import('./routes/sign-in') },
          {
            path: 'vendor',
            loader: requireRole('vendor'),
            lazy: vendorLayout,
            handle: { crumb: 'Dashboard' },
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { index: true, lazy: () => import('./routes/vendor/dashboard') },
                  {
                    path: 'orders',
                    handle: { crumb: 'Orders' },
                    children: [
                      { index: true, lazy: () => import('./routes/vendor/orders') },
                      {
                        path: ':orderId',
                        handle: { crumb: 'Order' },
                        lazy: () => import('./routes/vendor/order-detail'),
                      },
                    ],
                  },
                  {
                    path: 'products',
                    handle: { crumb: 'Products' },
                    children: [
                      { index: true, lazy: () => import('./routes/vendor/products') },
                      {
                        path: 'new',
                        handle: { crumb: 'New product' },
                        lazy: () => import('./routes/vendor/product-edit'),
                      },
                      {
                        path: ':productId',
                        handle: { crumb: 'Edit product' },
                        lazy: () => import('./routes/vendor/product-edit'),
                      },
                    ],
                  },
                  { path: 'returns', handle: { crumb: 'Returns' }, lazy: () => import('./routes/vendor/returns') },
                  {
                    path: 'tickets',
                    handle: { crumb: 'Tickets' },
                    children: [
                      { index: true, lazy: () => import('./routes/vendor/tickets') },
                      {
                        path: ':ticketId',
                        handle: { crumb: 'Ticket' },
                        lazy: () => import('./routes/vendor/ticket-detail'),
                      },
                    ],
                  },
                  { path: 'coupons', handle: { crumb: 'Coupons' }, lazy: () => import('./routes/vendor/coupons') },
                  { path: 'offers', handle: { crumb: 'Offers' }, lazy: () => import('./routes/vendor/offers') },
                  { path: 'claims', handle: { crumb: 'Claims' }, lazy: () => import('./routes/vendor/claims') },
                  {
                    path: 'offer-stats',
                    handle: { crumb: 'Offer stats' },
                    lazy: () => import('./routes/vendor/offer-stats'),
                  },
                  { path: 'qr-code', handle: { crumb: 'QR code' }, lazy: () => import('./routes/vendor/qr-code') },
                  {
                    path: 'shop',
                    handle: { crumb: 'Shop profile' },
                    lazy: () => import('./routes/vendor/shop-profile'),
                  },
                ],
              },
            ],
          },
          {
            path: 'platform',
            loader: requireRole('admin'),
            lazy: adminLayout,
            handle: { crumb: 'Dashboard' },
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { index: true, lazy: () => import('./routes/admin/dashboard') },
                  {
                    path: 'shop-requests',
                    handle: { crumb: 'Shop requests' },
                    lazy: () => import('./routes/admin/shop-requests'),
                  },
                  { path: 'shops', handle: { crumb: 'Shops' }, lazy: () => import('./routes/admin/shops') },
                  { path: 'users', handle: { crumb: 'Users' }, lazy: () => import('./routes/admin/users') },
                  {
                    path: 'tickets',
                    handle: { crumb: 'Tickets' },
                    children: [
                      { index: true, lazy: () => import('./routes/admin/tickets') },
                      {
                        path: ':ticketId',
                        handle: { crumb: 'Ticket' },
                        lazy: () => import('./routes/admin/ticket-detail'),
                      },
                    ],
                  },
                  {
                    path: 'mail-outbox',
                    handle: { crumb: 'Mail outbox' },
                    lazy: () => import('./routes/admin/mail-outbox'),
                  },
                  { path: 'settings', handle: { crumb: 'Settings' }, lazy: () => import('./routes/admin/settings') },
                  {
                    path: 'content',
                    handle: { crumb: 'Categories and brands' },
                    lazy: () => import('./routes/admin/content'),
                  },
                  { path: 'sliders', handle: { crumb: 'Home sliders' }, lazy: () => import('./routes/admin/sliders') },
                  {
                    path: 'pages',
                    handle: { crumb: 'Pages' },
                    children: [
                      { index: true, lazy: () => import('./routes/admin/pages') },
                      { path: 'new', handle: { crumb: 'New page' }, lazy: () => import('./routes/admin/page-edit') },
                      {
                        path: ':pageId',
                        handle: { crumb: 'Edit page' },
                        lazy: () => import('./routes/admin/page-edit'),
                      },
                    ],
                  },
                  {
                    path: 'blog',
                    handle: { crumb: 'Blog posts' },
                    children: [
                      { index: true, lazy: () => import('./routes/admin/blog-posts') },
                      {
                        path: 'new',
                        handle: { crumb: 'New post' },
                        lazy: () => import('./routes/admin/blog-post-edit'),
                      },
                      {
                        path: ':postId',
                        handle: { crumb: 'Edit post' },
                        lazy: () => import('./routes/admin/blog-post-edit'),
                      },
                    ],
                  },
                  {
                    path: 'blog-categories',
                    handle: { crumb: 'Blog categories' },
                    lazy: () => import('./routes/admin/blog-categories'),
                  },
                  { path: 'deals', handle: { crumb: 'UBM deals' }, lazy: () => import('./routes/admin/deals') },
                ],
              },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
    { basename: '/admin' },
  );
