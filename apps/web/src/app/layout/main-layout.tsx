import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ProductCard } from '@parade/core/catalog-dto';
import { lazy, Suspense, useMemo } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { AfterHydration } from '@/components/layout/after-hydration';
import { RouterNavigationProgress } from '@/components/layout/navigation-progress';
import { ProductCardActionProvider, ProductCardCornerProvider } from '@/components/product/product-card-action';
import { useSettings } from '@/features/content/api/get-settings';
import { SiteFooter } from '@/features/content/components/site-footer';
import { useIgnoreDuplicateNavigation } from '@/hooks/use-ignore-duplicate-navigation';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { DisplayFormatProvider } from '@/lib/format';
import { AddToCartButton } from '../components/add-to-cart-button';
import { useAnalyticsPageViews } from '../hooks/use-analytics-page-views';
import classes from './main-layout.module.css';
import { SiteHeader } from './site-header';

const MAIN_ID = 'main';

// The small-screen drawers load on first open (they are not part of the first paint).
// The back-to-top button appears only once the page is scrolled, and the order type modal only
// when a shopper adds to the cart: both load after hydration.
const BackToTop = lazy(async () => ({ default: (await import('@/components/layout/back-to-top')).BackToTop }));
const LocationController = lazy(async () => ({
  default: (await import('../components/location-controller')).LocationController,
}));
const NavigationDrawer = lazy(async () => ({ default: (await import('./nav-drawers')).NavigationDrawer }));
const CategoryDrawer = lazy(async () => ({ default: (await import('./nav-drawers')).CategoryDrawer }));

/**
 * The heart in every card's corner (decision 044): drawn once the page has hydrated, its code
 * loaded then, so the storefront's first load does not carry it (decision 039). It floats over
 * the picture, so nothing moves when it appears.
 */
const FavouriteButton = lazy(() =>
  import('@/features/reviews/components/favourite-button').then((m) => ({ default: m.FavouriteButton })),
);
const renderFavourite = (product: ProductCard) => (
  <AfterHydration>
    <FavouriteButton kind="product" id={product.id} name={product.name} />
  </AfterHydration>
);

const renderAddToCart = (product: ProductCard) => <AddToCartButton product={product} />;

/**
 * The storefront shell: header, the page, footer, back-to-top, and on small screens the
 * navigation and category drawers. Also: the progress bar while a navigation loads, scroll
 * to top on navigation (restored on back/forward), and duplicate navigation ignored.
 */
export function MainLayout() {
  const { data: settings } = useSettings();
  const [navOpened, nav] = useDisclosure(false);
  const [categoriesOpened, categories] = useDisclosure(false);
  useIgnoreDuplicateNavigation();
  useAnalyticsPageViews();
  const navMounted = useOpenedOnce(navOpened);
  const categoriesMounted = useOpenedOnce(categoriesOpened);

  const displayFormat = useMemo(
    () => ({
      money: { currency: settings?.currency || 'GBP', locale: settings?.locale || 'en-GB' },
      dateFormat: settings?.date_format || undefined,
    }),
    [settings?.currency, settings?.locale, settings?.date_format],
  );

  return (
    <DisplayFormatProvider value={displayFormat}>
      <RouterNavigationProgress />
      <ScrollRestoration />
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        Skip to main content
      </a>
      <SiteHeader navOpened={navOpened} onOpenNav={nav.open} />
      <Box component="main" id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <ProductCardActionProvider render={renderAddToCart}>
          <ProductCardCornerProvider render={renderFavourite}>
            <Outlet />
          </ProductCardCornerProvider>
        </ProductCardActionProvider>
      </Box>
      <AfterHydration>
        <LocationController />
      </AfterHydration>
      <SiteFooter />
      <AfterHydration>
        <BackToTop focusTargetId={MAIN_ID} />
      </AfterHydration>
      <Suspense fallback={null}>
        {navMounted && (
          <NavigationDrawer
            opened={navOpened}
            onClose={nav.close}
            onOpenCategories={() => {
              nav.close();
              categories.open();
            }}
          />
        )}
        {categoriesMounted && <CategoryDrawer opened={categoriesOpened} onClose={categories.close} />}
      </Suspense>
    </DisplayFormatProvider>
  );
}

/**
 * The main region of a page the server draws without its screen (a shopper's own pages, the cart,
 * checkout: they need the token and cart that only the browser holds, entry-server.tsx's
 * renderShell): the header and footer paint at once instead of a blank splash. Never drawn in the
 * browser: the app replaces the whole page once the token is checked and the screen is ready
 * (start.tsx). `data-boot-status` is where main.tsx says so if the app's code cannot load.
 */
export function PagePending() {
  return (
    <Box className={classes.pending} role="status" aria-live="polite" data-boot-status="" data-page-pending="">
      Loading your page...
    </Box>
  );
}

/** Shown once, while the first screen's code loads. */
export function BootScreen() {
  return (
    <Box className={classes.boot} role="status" aria-live="polite">
      Loading Parade...
    </Box>
  );
}
