// Mantine's styles in a CSS layer: the app's own CSS modules then win however the bundler
// orders the files.
import '@mantine/core/styles.layer.css';
import '@mantine/carousel/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/nprogress/styles.layer.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/lib/theme';

/**
 * Spec section 9: toasts last 2000 ms, at most 8 on screen. The toast library's own default
 * corner is right-bottom and the app's plugin set-up moves it to right-top, so right-top it is;
 * success and error notices go to the top centre (see notify).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <NavigationProgress aria-label="Page loading" />
      <Notifications position="top-right" autoClose={2000} limit={8} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
