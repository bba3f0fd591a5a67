// Mantine's styles in a CSS layer, so the app's own CSS modules win however the bundler orders
// them. The merchant site uses most of the library (forms, tables, modals), so it takes it whole.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
import './data-table.css';
import './print.css';
import '@parade/ui/focus-ring.css';
import '@parade/ui/reduced-motion.css';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme } from '@parade/ui/theme';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

/**
 * Number fields never correct what was typed on their own (Mantine clamps to min/max when the
 * field loses focus): a stock of -3 turning into 0, or a commission of 150 into 100, would be
 * saved without a word. The value stays as typed and the form's check says what is wrong
 * (contract, "Prices": nothing is ever clamped silently in the merchant site). For the same
 * reason no field drops a key: `allowDecimal={false}` turned a typed 7.5 into 75 and
 * `allowNegative={false}` a -5 into 5; whole numbers are the form's rule to say, not the keyboard's.
 */
const merchantTheme = mergeThemeOverrides(theme, {
  components: { NumberInput: { defaultProps: { clampBehavior: 'none' } } },
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={merchantTheme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      {/* Bottom right: toasts never cover the header's sign-out or a page's action buttons. */}
      <Notifications position="bottom-right" limit={3} />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>{children}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
