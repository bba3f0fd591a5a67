import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '@/lib/service-worker-url';

/** How often a tab left open (an installed app can stay open for days) asks for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the storefront's service worker (docs/decisions/035) once the page has loaded, in a
 * production build only. Call once from main.tsx. In development only the push switch registers
 * it (push-device.ts), and there it precaches nothing.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = async () => {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    // Browsers look for a new worker on page loads; a single-page app may have none for hours.
    let checked = Date.now();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || Date.now() - checked < UPDATE_CHECK_MS) return;
      checked = Date.now();
      registration.update().catch(() => undefined);
    });
  };
  // A worker that cannot register leaves the site as it was without one.
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
