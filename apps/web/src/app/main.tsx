import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bootSession } from '@/features/auth/session-boot';
import { BootScreen } from './layout/main-layout';
import { AppProvider } from './provider';
import { router } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
const reactRoot = createRoot(root);

// Spec section 2: the token is validated before the first navigation. Until GET auth/me has
// answered, a splash shows; the route guards wait for the same check.
reactRoot.render(
  <StrictMode>
    <AppProvider>
      <BootScreen />
    </AppProvider>
  </StrictMode>,
);

void bootSession().finally(() => {
  reactRoot.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
