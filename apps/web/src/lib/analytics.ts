/**
 * The analytics tag (spec sections 7 and 9): loaded on demand, sends no automatic page view,
 * and does not track a navigation to the path already tracked. Pure, so it is tested without a
 * browser; analytics-browser.ts binds it to the page. Never in the entry chunk: only
 * analytics-config.ts is, and this loads when a configured build tracks its first page.
 */

import type { AnalyticsConfig } from './analytics-config';

export interface TrackerDeps {
  /** Adds the tag's script to the page (once). */
  loadScript(url: string): void;
  /** The tag's command queue (gtag). */
  gtag(...args: unknown[]): void;
  /** The site's origin (location.origin), to build the page address the tag reports. */
  origin: string;
}

/**
 * Path segments that are secrets, and what the provider is told instead. A reset link's token
 * signs its holder in (as good as a password until it is used or expires).
 */
const SECRET_SEGMENTS: [RegExp, string][] = [[/^\/auth\/reset-password\/[^/]+/, '/auth/reset-password/:token']];

/**
 * The page as the analytics provider may see it: the path only, with secret segments replaced.
 * The query and the fragment never leave: they carry a shop's QR code (my-offer `?qr=`, also
 * inside a login `?redirect=`), an ID token on the way back from a sign-in provider (`#id_token=`),
 * and whatever else a link may hold.
 */
export function analyticsPage(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || '/';
  return SECRET_SEGMENTS.reduce((page, [pattern, placeholder]) => page.replace(pattern, placeholder), bare);
}

export interface PageTracker {
  /** Records a page view of `path` unless it is the path recorded last. */
  pageView(path: string): void;
}

export function createPageTracker(config: AnalyticsConfig, deps: TrackerDeps): PageTracker {
  let started = false;
  let lastPath: string | null = null;
  return {
    pageView(path) {
      const page = analyticsPage(path);
      if (page === lastPath) return;
      lastPath = page;
      // The tag reports the browser's address (query and all) with every hit unless told
      // otherwise: `set` makes every later hit, its own included, carry the cleaned one.
      const where = { page_location: `${deps.origin}${page}`, page_path: page };
      if (!started) {
        started = true;
        deps.gtag('js', new Date());
        deps.gtag('set', where);
        // The tag would otherwise send a page view of its own when it loads, and again on every
        // history change: the app sends them itself, one per new path.
        deps.gtag('config', config.id, { send_page_view: false, ...where });
        deps.loadScript(config.scriptUrl.replace('{id}', encodeURIComponent(config.id)));
      } else {
        deps.gtag('set', where);
      }
      deps.gtag('event', 'page_view', where);
    },
  };
}
