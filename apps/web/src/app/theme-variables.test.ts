import { describe, expect, it } from 'vitest';
import { readThemeVariables, renderThemeVariables } from './theme-variables';

describe('theme-variables.css', () => {
  it("is exactly what Mantine's provider would write into each page for the storefront's theme (npm run theme:css)", () => {
    const rendered = renderThemeVariables();
    // The theme's own colours are in it, not only Mantine's defaults.
    expect(rendered).toContain('--mantine-primary-color-filled:');
    expect(rendered).toContain('--mantine-color-anchor:');
    expect(readThemeVariables()).toBe(rendered);
  });
});
