/**
 * The storefront's service worker (docs/decisions/035), served at /service-worker.js. The build
 * (service-worker-build.ts) writes it as two constants followed by this file:
 *
 *   VERSION   a hash of everything precached, so every deployment that changes a file is a new
 *             worker, byte for byte, and the browser installs it;
 *   PRECACHE  the built files to keep (relative to the worker): the hashed JS and CSS, the icons,
 *             the manifest and the offline page with its script.
 *
 * - Precached files come from the cache, then the network.
 * - Pages go to the network first, always (the server renders them, so a cached page would be
 *   stale); only when the network fails does the offline page answer instead.
 * - Nothing else is touched: the API, uploads, the merchant site and other origins go to the
 *   network as if there were no worker.
 * - A new version takes over at once and keeps the previous version's files one more round, so
 *   a tab still running the previous version's code can load its lazy screens.
 * - The web push handlers (docs/decisions/027) are push-worker.js, imported: a scope has one
 *   worker, so the push subscription belongs to this one.
 */
/* global VERSION, PRECACHE */
importScripts('push-worker.js');

const CACHE_PREFIX = 'parade-shell-';
const cacheName = `${CACHE_PREFIX}${VERSION}`;
const here = self.location.href;
const precached = new Set(PRECACHE.map((file) => new URL(file, here).href));
const offlinePage = new URL('offline.html', here).href;
const scopePath = new URL(self.registration.scope).pathname;
const assetsPath = new URL('assets/', here).pathname;

/** A path the server answers with a page: not the API, an upload, the merchant site or a file. */
function isPagePath(pathname) {
  const local = pathname.startsWith(scopePath) ? pathname.slice(scopePath.length) : pathname;
  if (/^(api|uploads|admin)(\/|$)/.test(local)) return false;
  return !/\.[^/]*$/.test(local);
}

/** Requests at once while installing: a few, at low priority, so the page's own requests go first. */
const PRECACHE_CONCURRENCY = 3;

/** Fetches every listed file into this version's cache; a failure drops the cache and the install. */
async function precache() {
  const cache = await caches.open(cacheName);
  const queue = [...precached];
  const fetchNext = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const response = await fetch(new Request(url, { priority: 'low' }));
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await cache.put(url, response);
    }
  };
  try {
    await Promise.all(Array.from({ length: PRECACHE_CONCURRENCY }, fetchNext));
  } catch (error) {
    await caches.delete(cacheName);
    throw error;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Caches are listed oldest first: keep this version's and the newest other one.
      const others = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName);
      const previous = others.at(-1);
      await Promise.all(others.filter((name) => name !== previous).map((name) => caches.delete(name)));
      // The page's request starts while the worker wakes up, instead of after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/** A page from the network; the offline page when the network cannot be reached. */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch (error) {
    if (!isPagePath(new URL(event.request.url).pathname)) throw error;
    const offline = await caches.match(offlinePage, { cacheName });
    if (!offline) throw error;
    return offline;
  }
}

/** A built file: this version's copy, else the previous version's (an older tab's chunk), else the network. */
async function builtFile(request, ownFile) {
  const cached = ownFile ? await caches.match(request, { cacheName }) : await caches.match(request);
  return cached ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
    return;
  }
  const ownFile = precached.has(url.href);
  if (ownFile || (url.search === '' && url.pathname.startsWith(assetsPath))) {
    event.respondWith(builtFile(request, ownFile));
  }
});
