import { describe, expect, it } from 'vitest';
import { analyticsPage, createPageTracker } from './analytics';
import { analyticsConfig } from './analytics-config';

function fakeTag() {
  const scripts: string[] = [];
  const calls: unknown[][] = [];
  return {
    scripts,
    calls,
    deps: {
      loadScript: (url: string) => scripts.push(url),
      gtag: (...a: unknown[]) => calls.push(a),
      origin: 'https://parade.example',
    },
  };
}

const at = (path: string) => ({ page_location: `https://parade.example${path}`, page_path: path });

describe('analytics tag', () => {
  it('is off without an id: no configuration, so nothing is ever loaded', () => {
    expect(analyticsConfig({})).toBeNull();
    expect(analyticsConfig({ VITE_ANALYTICS_ID: '  ' })).toBeNull();
    expect(
      analyticsConfig({ VITE_ANALYTICS_ID: 'G-TEST', VITE_ANALYTICS_SCRIPT_URL: 'https://tags.example/t.js?id={id}' }),
    ).toEqual({
      id: 'G-TEST',
      scriptUrl: 'https://tags.example/t.js?id={id}',
    });
  });

  it('loads the script on the first page view only, with no automatic page view', () => {
    const tag = fakeTag();
    const tracker = createPageTracker({ id: 'G-TEST', scriptUrl: 'https://tags.example/t.js?id={id}' }, tag.deps);
    expect(tag.scripts).toEqual([]);
    expect(tag.calls).toEqual([]);
    tracker.pageView('/');
    tracker.pageView('/products');
    expect(tag.scripts).toEqual(['https://tags.example/t.js?id=G-TEST']);
    expect(tag.calls.find((c) => c[0] === 'config')).toEqual([
      'config',
      'G-TEST',
      { send_page_view: false, ...at('/') },
    ]);
    expect(tag.calls.filter((c) => c[0] === 'event')).toEqual([
      ['event', 'page_view', at('/')],
      ['event', 'page_view', at('/products')],
    ]);
  });

  it('does not track a navigation to the same path twice in a row', () => {
    const tag = fakeTag();
    const tracker = createPageTracker({ id: 'G-TEST', scriptUrl: 'u' }, tag.deps);
    tracker.pageView('/cart');
    tracker.pageView('/cart');
    tracker.pageView('/order/success');
    tracker.pageView('/cart');
    expect(tag.calls.filter((c) => c[0] === 'event').map((c) => (c[2] as { page_path: string }).page_path)).toEqual([
      '/cart',
      '/order/success',
      '/cart',
    ]);
  });

  it('tells the provider the path only, a reset token replaced, never a query or a fragment', () => {
    expect(analyticsPage('/auth/reset-password/5f0e1c9d8b7a')).toBe('/auth/reset-password/:token');
    expect(analyticsPage('/auth/reset-password/5f0e1c9d8b7a?email=who%40example.test')).toBe(
      '/auth/reset-password/:token',
    );
    expect(analyticsPage('/vendor/corner-bakery/my-offer?qr=Qr7SeCrEt&offer=4')).toBe('/vendor/corner-bakery/my-offer');
    expect(analyticsPage('/login?redirect=%2Fvendor%2Fx%2Fmy-offer%3Fqr%3DQr7SeCrEt')).toBe('/login');
    expect(analyticsPage('/auth/login#id_token=eyJhbGciOi&state=s')).toBe('/auth/login');
    expect(analyticsPage('/products')).toBe('/products');
    expect(analyticsPage('/vendor/corner-bakery/product/reset-password/x')).toBe(
      '/vendor/corner-bakery/product/reset-password/x',
    );
    expect(analyticsPage('')).toBe('/');
  });

  it('sets the cleaned address before anything is sent, so no hit of the tag carries the real one', () => {
    const tag = fakeTag();
    const tracker = createPageTracker({ id: 'G-TEST', scriptUrl: 'u' }, tag.deps);
    tracker.pageView('/auth/reset-password/5f0e1c9d8b7a');
    tracker.pageView('/vendor/corner-bakery/my-offer?qr=Qr7SeCrEt');
    tracker.pageView('/auth/reset-password/0a1b2c3d');
    const sent = JSON.stringify(tag.calls);
    expect(sent).not.toContain('5f0e1c9d8b7a');
    expect(sent).not.toContain('0a1b2c3d');
    expect(sent).not.toContain('Qr7SeCrEt');
    // The address is set before the tag is configured (and its script added), and before each page view.
    expect(tag.calls.map((c) => c[0])).toEqual(['js', 'set', 'config', 'event', 'set', 'event', 'set', 'event']);
    expect(tag.calls.filter((c) => c[0] === 'set')).toEqual([
      ['set', at('/auth/reset-password/:token')],
      ['set', at('/vendor/corner-bakery/my-offer')],
      ['set', at('/auth/reset-password/:token')],
    ]);
  });
});
