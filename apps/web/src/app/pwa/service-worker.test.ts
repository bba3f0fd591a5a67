import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { serviceWorkerSource } from './service-worker-build';

const web = path.resolve(import.meta.dirname, '../../..');
const template = readFileSync(path.join(web, 'src/app/pwa/service-worker.js'), 'utf8');
const origin = 'https://parade.example';

type Listener = (event: Record<string, unknown>) => void;

/** A stand-in for the Cache API: caches listed in the order they were made, as browsers list them. */
function cacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const urlOf = (request: Request | string) => (typeof request === 'string' ? request : request.url);
  const cacheNamed = (store: Map<string, Response>) => ({
    async match(request: Request | string) {
      return store.get(urlOf(request))?.clone();
    },
    async put(request: Request | string, response: Response) {
      store.set(urlOf(request), response);
    },
  });
  return {
    stores,
    api: {
      async open(name: string) {
        if (!stores.has(name)) stores.set(name, new Map());
        return cacheNamed(stores.get(name) as Map<string, Response>);
      },
      async keys() {
        return [...stores.keys()];
      },
      async delete(name: string) {
        return stores.delete(name);
      },
      async match(request: Request | string, options?: { cacheName?: string }) {
        const names = options?.cacheName ? [options.cacheName] : [...stores.keys()];
        for (const name of names) {
          const found = stores.get(name)?.get(urlOf(request));
          if (found) return found.clone();
        }
        return undefined;
      },
    },
  };
}

/** The built worker, with these files precached, run in a stand-in of a service worker's global scope. */
function runWorker(precache: string[] = ['offline.html', 'offline.js', 'assets/index-abc.js']) {
  const listeners = new Map<string, Listener[]>();
  const network = new Map<string, () => Response>();
  const requested: string[] = [];
  const workerFetch = async (input: Request | string) => {
    const url = typeof input === 'string' ? new URL(input, `${origin}/`).href : input.url;
    requested.push(url);
    const answer = network.get(url);
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  };
  const storage = cacheStorage();
  const state = { skippedWaiting: false, claimed: false, preloadEnabled: false, notifications: [] as string[] };
  const self = {
    location: new URL(`${origin}/service-worker.js`),
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: async () => {
      state.skippedWaiting = true;
    },
    registration: {
      scope: `${origin}/`,
      navigationPreload: {
        enable: async () => {
          state.preloadEnabled = true;
        },
      },
      showNotification: async (title: string) => {
        state.notifications.push(title);
      },
    },
    clients: {
      claim: async () => {
        state.claimed = true;
      },
    },
  };
  const files = Object.fromEntries(precache.map((file) => [file, file]));
  const context = vm.createContext({ self, caches: storage.api, fetch: workerFetch, URL, Request, Response, JSON });
  // importScripts('push-worker.js') runs the real push worker in the same scope.
  context.importScripts = (file: string) =>
    vm.runInContext(readFileSync(path.join(web, 'public', file), 'utf8'), context, { filename: file });
  vm.runInContext(serviceWorkerSource(template, files), context, { filename: 'service-worker.js' });
  const version = /^const VERSION = "([0-9a-f]+)";/.exec(serviceWorkerSource(template, files))?.[1];

  /** Fires an event at every listener and waits for what they asked to wait for. */
  const fire = async (type: string, event: Record<string, unknown> = {}) => {
    const waits: Promise<unknown>[] = [];
    let responded: Promise<Response> | undefined;
    for (const listener of listeners.get(type) ?? []) {
      listener({
        ...event,
        waitUntil: (work: Promise<unknown>) => waits.push(work),
        respondWith: (response: Promise<Response>) => {
          responded = Promise.resolve(response);
        },
      });
    }
    await Promise.all(waits);
    return responded;
  };
  const serve = (url: string, body: string, status = 200) =>
    network.set(new URL(url, `${origin}/`).href, () => new Response(body, { status }));
  /** Fires a fetch event; the worker's answer as [status, body], or null when it left the request alone. */
  const request = async (url: string, init: RequestInit & { mode?: 'navigate' } = {}, preload?: Promise<Response>) => {
    const { mode, ...rest } = init;
    const req = new Request(new URL(url, `${origin}/`), rest);
    // A navigation's mode cannot be set on a Request made here.
    if (mode) Object.defineProperty(req, 'mode', { value: mode });
    const response = await fire('fetch', { request: req, preloadResponse: preload ?? Promise.resolve(undefined) });
    if (!response) return null;
    const answer = await response;
    return [answer.status, await answer.text()] as const;
  };
  /** Installs with every listed file on the server ("<file>" its body; the offline page says so). */
  const install = async () => {
    for (const file of precache) serve(file, file === 'offline.html' ? 'You are offline' : file);
    await fire('install');
  };
  return {
    fire,
    install,
    serve,
    request,
    requested,
    state,
    stores: storage.stores,
    cacheName: `parade-shell-${version}`,
  };
}

describe("the storefront's service worker", () => {
  it('on install keeps every file of its list under its version, then takes over without waiting', async () => {
    const worker = runWorker();
    await worker.install();
    expect([...worker.stores.keys()]).toEqual([worker.cacheName]);
    expect([...(worker.stores.get(worker.cacheName)?.keys() ?? [])].sort()).toEqual([
      `${origin}/assets/index-abc.js`,
      `${origin}/offline.html`,
      `${origin}/offline.js`,
    ]);
    expect(worker.state.skippedWaiting).toBe(true);
  });

  it('fails its install when a file cannot be fetched, and drops the half-filled cache (the browser then drops the worker)', async () => {
    const worker = runWorker();
    worker.serve('/offline.html', 'You are offline');
    worker.serve('/offline.js', 'offline script');
    worker.serve('/assets/index-abc.js', 'gone', 404);
    await expect(worker.fire('install')).rejects.toThrow('assets/index-abc.js answered 404');
    expect([...worker.stores.keys()]).toEqual([]);
  });

  it("on activate keeps its own cache and the newest other version's, drops older ones, and claims the pages", async () => {
    const worker = runWorker();
    for (const name of ['parade-shell-oldest', 'someone-elses', 'parade-shell-previous', worker.cacheName]) {
      worker.stores.set(name, new Map());
    }
    await worker.fire('activate');
    expect([...worker.stores.keys()]).toEqual(['someone-elses', 'parade-shell-previous', worker.cacheName]);
    expect(worker.state).toMatchObject({ claimed: true, preloadEnabled: true });
  });

  it('asks the network for every page, whatever it answers, and shows the offline page only when it cannot be reached', async () => {
    const worker = runWorker();
    await worker.install();
    worker.serve('/vendors', 'the shops');
    worker.serve('/no-such-page', 'not found', 404);
    expect(await worker.request('/vendors', { mode: 'navigate' })).toEqual([200, 'the shops']);
    expect(await worker.request('/no-such-page', { mode: 'navigate' })).toEqual([404, 'not found']);
    // The navigation preload's answer, when the browser made one, instead of asking twice.
    const preloaded = Promise.resolve(new Response('preloaded shops'));
    expect(await worker.request('/vendors', { mode: 'navigate' }, preloaded)).toEqual([200, 'preloaded shops']);
    // The network down (no answer for this address).
    expect(await worker.request('/green-barrow/product/apples/each', { mode: 'navigate' })).toEqual([
      200,
      'You are offline',
    ]);
    expect(
      await worker.request('/vendors', { mode: 'navigate' }, Promise.reject(new TypeError('Failed to fetch'))),
    ).toEqual([200, 'You are offline']);
  });

  it('gives no offline page for what is no storefront page: the API, uploads, files, the merchant site', async () => {
    const worker = runWorker();
    await worker.install();
    for (const url of ['/api/user/invoice/7', '/uploads/a.png', '/sitemap.xml', '/admin/', '/admin/orders']) {
      await expect(worker.request(url, { mode: 'navigate' }), url).rejects.toThrow('Failed to fetch');
    }
  });

  it("serves its own files from its cache, an older version's chunks from that version's cache, and leaves the rest alone", async () => {
    const worker = runWorker();
    await worker.install();
    worker.stores.set('parade-shell-previous', new Map([[`${origin}/assets/old-1.js`, new Response('app v1')]]));
    worker.requested.length = 0;

    expect(await worker.request('/assets/index-abc.js')).toEqual([200, 'assets/index-abc.js']);
    expect(await worker.request('/assets/old-1.js')).toEqual([200, 'app v1']);
    expect(worker.requested).toEqual([]);
    // Not kept anywhere (yet): from the network.
    worker.serve('/assets/lazy-9.js', 'lazy');
    expect(await worker.request('/assets/lazy-9.js')).toEqual([200, 'lazy']);
    // The API, uploads, other sites and anything but GET never pass through the worker.
    expect(await worker.request('/api/products')).toBeNull();
    expect(await worker.request('/uploads/a.png')).toBeNull();
    expect(await worker.request('https://js.stripe.com/v3/')).toBeNull();
    expect(await worker.request('/api/cart', { method: 'POST', body: '{}' })).toBeNull();
  });

  it('shows a web push through the push handlers it imports (one worker for the scope)', async () => {
    const worker = runWorker();
    await worker.fire('push', {
      data: { json: () => ({ title: 'New order INV-1', body: '£5.00', url: '/', tag: 't' }) },
    });
    expect(worker.state.notifications).toEqual(['New order INV-1']);
  });
});
