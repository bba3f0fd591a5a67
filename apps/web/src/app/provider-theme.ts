import type { MantineProviderProps } from '@mantine/core';
import { cssVariablesResolver, theme } from '@parade/ui/theme';

/**
 * The storefront's Mantine theme, as the provider takes it. Its CSS variables are a stylesheet of
 * the build (theme-variables.css), so the provider writes none into the page.
 */
export const themeProps = {
  theme,
  cssVariablesResolver,
  forceColorScheme: 'light',
} satisfies Partial<MantineProviderProps>;
