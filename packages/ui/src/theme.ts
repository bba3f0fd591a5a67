import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Ten shades from a base colour: lighter towards 0, the base at 6, darker towards 9. */
function shades(hex: string): MantineColorsTuple {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  const mix = (target: number, amount: number) =>
    `#${rgb
      .map((c) =>
        Math.round(c + (target - c) * amount)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  return [
    mix(255, 0.92),
    mix(255, 0.8),
    mix(255, 0.64),
    mix(255, 0.48),
    mix(255, 0.3),
    mix(255, 0.14),
    hex,
    mix(0, 0.14),
    mix(0, 0.28),
    mix(0, 0.42),
  ];
}

/** Spec section 9: primary orange, secondary dark navy, accent teal, error dark red, anchor dark brown. */
export const palette = {
  primary: '#E8590C',
  secondary: '#1B2A41',
  accent: '#0C8599',
  error: '#A51D1D',
  anchor: '#5C3D2E',
} as const;

/** The Mantine theme of the storefront and the merchant site. */
export const theme = createTheme({
  primaryColor: 'primary',
  // Shade 7 of the orange passes WCAG AA for white text on buttons.
  primaryShade: 7,
  colors: {
    primary: shades(palette.primary),
    secondary: shades(palette.secondary),
    accent: shades(palette.accent),
    error: shades(palette.error),
    anchor: shades(palette.anchor),
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Modals, menus and notifications appear without sliding or fading for a visitor whose system
  // asks for reduced motion (the CSS animations: reduced-motion.css).
  respectReducedMotion: true,
  components: {
    // Mantine's modal close button is an icon with no name; screen readers need one. A plain
    // object rather than `Modal.extend`: importing Modal here would put it in every first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Links take the anchor colour everywhere. Secondary ("dimmed") text uses gray 7: Mantine's
 * default gray 6 is about 3.3:1 on white, below WCAG AA for body text. The same for errors.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-anchor': palette.anchor,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors and invalid inputs: Mantine's red 6 is about 3.3:1 on white; the palette's dark red passes AA.
    '--mantine-color-error': palette.error,
    // Placeholders ("Choose a picture", "Search products..."): Mantine's gray 5 is 2.1:1 on white,
    // which axe reports; this grey is 4.7:1 and still lighter than what a shopper typed.
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
