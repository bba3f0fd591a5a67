import { describe, expect, it } from 'vitest';
import { createPageTracker } from './analytics';
import { analyticsConfig } from './analytics-config';

function fakeTag() {
  const scripts: string[] = [];
  const calls: unknown[][] = [];
  return {
    scripts,
    calls,
    deps: { loadScript: (url: string) => scripts.push(url), gtag: (...a: unknown[]) => calls.push(a) },
  };
}

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
    expect(tag.calls.find((c) => c[0] === 'config')).toEqual(['config', 'G-TEST', { send_page_view: false }]);
    expect(tag.calls.filter((c) => c[0] === 'event')).toEqual([
      ['event', 'page_view', { page_path: '/' }],
      ['event', 'page_view', { page_path: '/products' }],
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
});
