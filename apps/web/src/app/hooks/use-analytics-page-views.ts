import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * One analytics page view per new path (not per query change), when the build names an
 * analytics id. The check reads `import.meta.env` directly so that a build without
 * VITE_ANALYTICS_ID drops the tag's code altogether (the condition is a constant).
 */
export function useAnalyticsPageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!import.meta.env.VITE_ANALYTICS_ID) return;
    void import('@/lib/analytics-browser').then(({ trackPageView }) => trackPageView(import.meta.env, pathname));
  }, [pathname]);
}
