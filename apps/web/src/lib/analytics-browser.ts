import { createPageTracker, type PageTracker } from './analytics';
import { analyticsConfig } from './analytics-config';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let tracker: PageTracker | null = null;

/**
 * The page's one tracker. Imported on demand (never by the entry chunk) and only when the build
 * names an analytics id.
 */
export function trackPageView(env: Record<string, unknown>, path: string): void {
  const config = analyticsConfig(env);
  if (!config) return;
  tracker ??= createPageTracker(config, {
    origin: window.location.origin,
    gtag(...args) {
      window.dataLayer ??= [];
      // gtag.js reads `arguments` objects from the queue, not arrays.
      (function queue(..._: unknown[]) {
        // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object itself.
        window.dataLayer?.push(arguments);
      })(...args);
    },
    loadScript(url) {
      const script = document.createElement('script');
      script.async = true;
      script.src = url;
      document.head.appendChild(script);
    },
  });
  tracker.pageView(path);
}
