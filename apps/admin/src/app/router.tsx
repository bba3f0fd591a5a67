import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { LoadingState } from '@/components/states';
import { redirectSignedIn, requireRole } from '@/features/auth/guards';
import { homeFor, paths } from '@/lib/paths';
import { retryOnce } from '@/lib/retry-once';
import { type StaffRole, useSessionStore } from '@/lib/session-store';
import { type AreaPages, type adminPages, areaPages, type vendorPages } from '@/lib/site-map';
import { RouteError } from './routes/route-error';

/** A route's `lazy` in its function form: loads the screen's module. */
type LazyScreen = Extract<NonNullable<RouteObject['lazy']>, () => unknown>;
/** Each page of an area's site map paired with the screen that shows it, loaded when first opened. */
type Screens<Pages extends AreaPages> = Record<keyof Pages, LazyScreen>;

const vendorScreens: Screens<typeof vendorPages> = {
  dashboard: () => import('./routes/vendor/dashboard'),
  orders: () => import('./routes/vendor/orders'),
  order: () => import('./routes/vendor/order-detail'),
  returns: () => import('./routes/vendor/returns'),
  reviews: () => import('./routes/vendor/reviews'),
  tickets: () => import('./routes/vendor/tickets'),
  ticket: () => import('./routes/vendor/ticket-detail'),
  products: () => import('./routes/vendor/products'),
  newProduct: () => import('./routes/vendor/product-edit'),
  product: () => import('./routes/vendor/product-edit'),
  coupons: () => import('./routes/vendor/coupons'),
  money: () => import('./routes/vendor/money'),
  statement: () => import('./routes/vendor/money-statement'),
  offers: () => import('./routes/vendor/offers'),
  claims: () => import('./routes/vendor/claims'),
  qrCode: () => import('./routes/vendor/qr-code'),
  offerStats: () => import('./routes/vendor/offer-stats'),
  shop: () => import('./routes/vendor/shop-profile'),
  account: () => import('./routes/account'),
};

const adminScreens: Screens<typeof adminPages> = {
  dashboard: () => import('./routes/admin/dashboard'),
  orders: () => import('./routes/admin/orders'),
  order: () => import('./routes/admin/order-detail'),
  finance: () => import('./routes/admin/finance'),
  payouts: () => import('./routes/admin/payouts'),
  payoutRun: () => import('./routes/admin/payout-run'),
  shopRequests: () => import('./routes/admin/shop-requests'),
  shops: () => import('./routes/admin/shops'),
  users: () => import('./routes/admin/users'),
  tickets: () => import('./routes/admin/tickets'),
  ticket: () => import('./routes/admin/ticket-detail'),
  reviews: () => import('./routes/admin/reviews'),
  mailOutbox: () => import('./routes/admin/mail-outbox'),
  settings: () => import('./routes/admin/settings'),
  content: () => import('./routes/admin/content'),
  sliders: () => import('./routes/admin/sliders'),
  pages: () => import('./routes/admin/pages'),
  newPage: () => import('./routes/admin/page-edit'),
  page: () => import('./routes/admin/page-edit'),
  blogPosts: () => import('./routes/admin/blog-posts'),
  newBlogPost: () => import('./routes/admin/blog-post-edit'),
  blogPost: () => import('./routes/admin/blog-post-edit'),
  blogCategories: () => import('./routes/admin/blog-categories'),
  deals: () => import('./routes/admin/deals'),
  coupons: () => import('./routes/admin/coupons'),
  account: () => import('./routes/account'),
};

const vendorLayout = async () => ({ Component: (await import('./layout/staff-layout')).VendorLayout });
const adminLayout = async () => ({ Component: (await import('./layout/staff-layout')).AdminLayout });

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const parentPath = (path: string) => path.slice(0, path.lastIndexOf('/'));

/**
 * The routes of the pages directly below `parent`, each named in the breadcrumbs by its label. A
 * page with pages below it (orders, with orders/:orderId) shows its own screen as the index.
 */
function pageRoutes<Pages extends AreaPages>(pages: Pages, screens: Screens<Pages>, parent: string): RouteObject[] {
  return Object.entries(pages)
    .filter(([, page]) => parentPath(page.path) === parent)
    .map(([key, page]): RouteObject => {
      const path = lastSegment(page.path);
      const handle = { crumb: page.label };
      const load = screens[key];
      const screen = load && retryOnce(load);
      const below = pageRoutes(pages, screens, page.path);
      return below.length === 0
        ? { path, handle, lazy: screen }
        : { path, handle, children: [{ index: true, lazy: screen }, ...below] };
    });
}

/** An area behind its role guard and the signed-in layout; its dashboard is the first crumb. */
function areaRoute<Pages extends AreaPages>(
  role: StaffRole,
  pages: Pages,
  screens: Screens<Pages>,
  layout: LazyScreen,
): RouteObject {
  const home = pages.dashboard;
  return {
    path: lastSegment(home.path),
    loader: requireRole(role),
    lazy: retryOnce(layout),
    handle: { crumb: home.label },
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: screens.dashboard && retryOnce(screens.dashboard) },
          ...pageRoutes(pages, screens, home.path),
        ],
      },
    ],
  };
}

/**
 * The merchant/admin site under /admin, made from the site map (lib/site-map.ts). Every screen
 * and the signed-in layout load lazily, so sign-in downloads neither the tables nor the charts;
 * a load that fails is tried once more (lib/retry-once.ts). A
 * route's `handle.crumb` names it in the breadcrumbs. Made after the session boot: a router
 * starts its first loaders when created.
 */
export const createAppRouter = () =>
  createBrowserRouter(
    [
      {
        errorElement: <RouteError />,
        // What shows while the first page's loaders run (React Router warned on every page without it).
        hydrateFallbackElement: <LoadingState />,
        children: [
          {
            index: true,
            loader: () => {
              const { user } = useSessionStore.getState();
              return redirect(user ? homeFor(user.role) : paths.signIn);
            },
            // Never drawn: the loader always redirects (an element keeps React Router from warning of a page without one).
            element: <LoadingState />,
          },
          {
            path: lastSegment(paths.signIn),
            loader: redirectSignedIn,
            lazy: retryOnce(() => import('./routes/sign-in')),
          },
          areaRoute('vendor', areaPages.vendor, vendorScreens, vendorLayout),
          areaRoute('admin', areaPages.admin, adminScreens, adminLayout),
          { path: '*', lazy: retryOnce(() => import('./routes/not-found')) },
        ],
      },
    ],
    { basename: '/admin' },
  );
