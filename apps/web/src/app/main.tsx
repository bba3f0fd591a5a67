import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bootSession } from '@/features/auth/session-boot';
import { useCartStore } from '@/features/cart/stores/cart-store';
import { onSessionChange } from '@/lib/session-store';
import { BootScreen } from './layout/main-layout';
import { AppProvider } from './provider';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
const reactRoot = createRoot(root);

// The cart belongs to the device (spec section 4), but the reward points chosen in it were the
// signed-in user's: nobody signing in next may see or spend them.
onSessionChange(() => useCartStore.getState().clearRewardPoints());

// Spec section 2: the token is validated before the first navigation. Until GET auth/me has
// answered, a splash shows; the route guards wait for the same check.
reactRoot.render(
  <StrictMode>
    <AppProvider>
      <BootScreen />
    </AppProvider>
  </StrictMode>,
);

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
