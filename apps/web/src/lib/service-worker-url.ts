/**
 * The storefront's one service worker (docs/decisions/035): the offline shell and the web push
 * handlers in one, at the site's root. The app registers it (app/pwa/register-service-worker.ts)
 * and the push switch subscribes through it (push-device.ts): a scope has one worker.
 */
export const SERVICE_WORKER_URL = `${import.meta.env.BASE_URL}service-worker.js`;
export const SERVICE_WORKER_SCOPE = import.meta.env.BASE_URL;
