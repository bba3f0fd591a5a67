import { Center, Loader } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { bootSession } from './features/auth/session-boot';

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
