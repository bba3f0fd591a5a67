/**
 * Parade's push worker (docs/decisions/027): shows each web push as a notification and opens its
 * page when the notification is clicked. Plain JavaScript without imports, served as it is from
 * the app's root so its address never changes (a new address would be a new worker). The same
 * file is in apps/web/public and apps/admin/public (apps/web/src/lib/push-worker.test.ts checks).
 *
 * A push's payload is core's pushMessageSchema: {title, body, url, tag}.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The push's message, or {} when it carries none or not JSON. */
function messageOf(event) {
  try {
    const message = event.data?.json();
    return message && typeof message === 'object' ? message : {};
  } catch {
    return {};
  }
}

const text = (value, otherwise) => (typeof value === 'string' ? value : otherwise);

self.addEventListener('push', (event) => {
  const message = messageOf(event);
  const tag = text(message.tag, undefined);
  // Browsers want a notification for every push: an unreadable one still says something.
  event.waitUntil(
    self.registration.showNotification(text(message.title, 'Parade'), {
      body: text(message.body, 'You have an update.'),
      // A newer push about the same order replaces the older notification, and still alerts.
      tag,
      renotify: tag !== undefined,
      icon: new URL('favicon.svg', self.registration.scope).href,
      data: { url: text(message.url, self.registration.scope) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? self.registration.scope, self.registration.scope).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
