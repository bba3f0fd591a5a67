import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { markHydrating } from '@/components/layout/after-hydration';
import { bootSession } from '@/features/auth/session-boot';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { queryClient } from '@/lib/query-client';
import { keepSearchTypedEarly } from '@/lib/search-typed-early';
import { onSessionChange } from '@/lib/session-store';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { BootScreen } from './layout/main-layout';
import { headerPartsLoaded } from './layout/site-header';
import { AppProvider } from './provider';
import { registerServiceWorker } from './pwa/register-service-worker';
import { routes } from './router';
import { readServerState, reviveQueryErrors } from './server-state';

/**
 * Starts the storefront in the browser (main.tsx loads this module): hydrates the page the server
 * drew, or renders the shell of a page it did not.
 */
export function startStorefront() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html');

  // The cart belongs to the device (spec section 4), but the reward points chosen in it were the
  // signed-in user's: nobody signing in next may see or spend them.
  onSessionChange(() => useCartStore.getState().clearRewardPoints());

  const serverState = readServerState();
  if (serverState) void hydratePage(root, serverState);
  else renderShell(root);
  // The installable storefront's worker (decision 035): after the page has loaded, never before.
  registerServiceWorker();
  // Focus kept in its place when what had it goes away (a replaced button, a new page): its own chunk.
  void import('@parade/ui/focus-rescue').then((m) => m.installFocusRescue());
}

/**
 * A page the server rendered (entry-server.tsx): the queries it ran and the router's state come
 * with the HTML, so the browser takes the page over as drawn, without fetching its data again.
 * The stored token is checked meanwhile (the page was drawn as a guest sees it); the header then
 * shows the signed-in shopper, and the guarded routes wait for the same check.
 */
async function hydratePage(container: HTMLElement, state: NonNullable<ReturnType<typeof readServerState>>) {
  hydrate(queryClient, reviveQueryErrors(state.queries));
  // The screens the server drew, and the header's pop-up parts, are loaded before hydrating:
  // React must find the same tree, and hydrates it all in one pass.
  const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all([
    headerPartsLoaded,
    ...lazyMatches.map(async ({ route }) => {
      const lazy = route.lazy as () => Promise<object>;
      Object.assign(route, { ...(await lazy()), lazy: undefined });
    }),
  ]);
  await yieldToBrowser();
  const router = createBrowserRouter(routes, { hydrationData: state.router });
  void bootSession();
  markHydrating();
  // Hydrating as a transition lets React work in slices of a few milliseconds and yield between
  // them, instead of one long task for the whole page: the page the server drew stays on screen
  // meanwhile, and a tap during it is not kept waiting (React Router's own entry does the same).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
}

/**
 * A page the server did not render (a shopper's own pages, sign-in): spec section 2, the token
 * is validated before the first navigation. Until GET auth/me has answered, a splash shows; the
 * route guards wait for the same check. Over the frame the server drew around a shopper's own
 * page (entry-server.tsx's renderShell), what was typed into its search box is kept first.
 */
function renderShell(container: HTMLElement) {
  if (container.querySelector('[data-page-pending]') !== null) keepSearchTypedEarly();
  const reactRoot = createRoot(container);
  reactRoot.render(
    <StrictMode>
      <AppProvider>
        <BootScreen />
      </AppProvider>
    </StrictMode>,
  );
  const router = createBrowserRouter(routes);
  // The first screen renders as a transition: React works on it in small slices, so the main
  // thread stays free for input (no long task while the home page's many cards mount).
  void bootSession().finally(() => {
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <AppProvider>
            <RouterProvider router={router} />
          </AppProvider>
        </StrictMode>,
      );
    });
  });
}
