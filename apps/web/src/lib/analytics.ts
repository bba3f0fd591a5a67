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
      if (path === lastPath) return;
      lastPath = path;
      if (!started) {
        started = true;
        deps.gtag('js', new Date());
        // The tag would otherwise send a page view of its own when it loads, and again on every
        // history change: the app sends them itself, one per new path.
        deps.gtag('config', config.id, { send_page_view: false });
        deps.loadScript(config.scriptUrl.replace('{id}', encodeURIComponent(config.id)));
      }
      deps.gtag('event', 'page_view', { page_path: path });
    },
  };
}
