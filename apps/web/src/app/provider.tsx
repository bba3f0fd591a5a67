// Mantine's styles in a CSS layer: the app's own CSS modules then win however the bundler
// orders the files. Only the components the storefront uses (and the ones they are built on),
// not the whole library's 247 KB: a component added to the app adds its file here.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Spoiler.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/carousel/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/nprogress/styles.layer.css';
import '@parade/ui/reduced-motion.css';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '@parade/ui/theme';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { AfterHydration } from '@/components/layout/after-hydration';
import { queryClient as browserQueryClient } from '@/lib/query-client';

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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <AfterHydration>
        <NavigationProgress aria-label="Page loading" />
        <Notifications position="top-right" autoClose={2000} limit={8} />
      </AfterHydration>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
