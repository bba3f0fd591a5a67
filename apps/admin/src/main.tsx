import { Center, Loader } from '@mantine/core';
import { usePlainMessages as installPlainMessages } from '@parade/core/zod-messages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { bootSession } from './features/auth/session-boot';

// A rule checked in the browser speaks as the API does ("This field is required.", "Must be a
// whole number."), not in zod's own words ("Too small: expected string to have >=1 characters").
installPlainMessages();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
const reactRoot = createRoot(root);

function BootScreen() {
  return (
    <Center h="100dvh" role="status" aria-label="Loading">
      <Loader aria-hidden />
    </Center>
  );
}

// The stored token is checked (GET auth/me) before the first route decides where to go.
reactRoot.render(
  <StrictMode>
    <AppProvider>
      <BootScreen />
    </AppProvider>
  </StrictMode>,
);
void bootSession().finally(() => {
  const router = createAppRouter();
  reactRoot.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
// Focus kept in its place when what had it goes away (a replaced button, a new page).
void import('@parade/ui/focus-rescue').then((m) => m.installFocusRescue());
