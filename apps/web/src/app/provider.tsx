import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { AfterHydration } from '@/components/layout/after-hydration';
import { queryClient as browserQueryClient } from '@/lib/query-client';
import { themeProps } from './provider-theme';

// The toasts and the progress bar are drawn by the browser only, after hydration, so their
// components (and the transitions they bring) load then; notify() and nprogress work before:
// their stores hold what is shown until the components mount.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));
const NavigationProgress = lazy(async () => ({ default: (await import('@mantine/nprogress')).NavigationProgress }));

/**
 * Spec section 9: toasts last 2000 ms, at most 8 on screen. The toast library's own default
 * corner is right-bottom and the app's plugin set-up moves it to right-top, so right-top it is;
 * success and error notices go to the top centre (see notify).
 */
export function AppProvider({
  children,
  queryClient = browserQueryClient,
}: {
  children: ReactNode;
  /** A server render's own cache (entry-server.tsx); the browser's one client otherwise. */
  queryClient?: QueryClient;
}) {
  return (
    // The theme's CSS variables come with the stylesheet (theme-variables.css), not in each page.
    <MantineProvider {...themeProps} withCssVariables={false}>
      <AfterHydration>
        <NavigationProgress aria-label="Page loading" />
        <Notifications position="top-right" autoClose={2000} limit={8} />
      </AfterHydration>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
