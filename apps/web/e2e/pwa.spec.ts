import { seriousA11yViolations } from '@parade/test-support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inFreshPage, launchBrowser, newPage, recordFailure, saveScreenshot, viewports } from './support/browser';
import { cardPrices, pence } from './support/page-helpers';

/**
 * The installable storefront (docs/decisions/035) in real Chromium against the built server:
 * the web manifest and its icons, the service worker the app registers (precache, push
 * handlers), the offline page with the products viewed last, and a new deployment's worker
 * taking over.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Resolves once the app's service worker controls the page (it registers after the load event). */
async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? '').pathname);
}

/** What the Content-Security-Policy refused, as the page and its worker reported it on the console. */
function cspRefusals(context: BrowserContext, page: Page): string[] {
  const refused: string[] = [];
  const listen = (message: { text(): string }) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  };
  page.on('console', listen);
  context.on('console', listen);
  return refused;
}

const shellCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('parade-shell-')));

describe('the installable storefront', () => {
  it('links a web manifest that Chromium reads without errors, with icons of the sizes it names', async () => {
    await inFreshPage(browser, async (page) => {
      await page.goto('/');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const res = await page.request.get(href ?? '');
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = await res.json();
      expect(manifest).toMatchObject({
        name: 'Parade',
        short_name: 'Parade',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#E8590C',
        lang: 'en-GB',
      });
      // The browser's own reading of it: no errors, and the icons it found.
      const cdp = await page.context().newCDPSession(page);
      const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      expect(read.url).toMatch(/\/manifest\.webmanifest$/);
      expect(read.errors).toEqual([]);

      const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
      expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
        '192x192 any',
        '192x192 maskable',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of icons) {
        const image = await page.request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()['content-type']).toBe('image/png');
        expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
      }
      const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      const touch = await page.request.get(touchIcon ?? '');
      expect(touch.status()).toBe(200);
      expect(pngSize(await touch.body())).toBe('180x180');
    });
  });

  it('registers one worker after the page loads: it controls the page, keeps the shell and shows pushes', async () => {
    const { context, page } = await newPage(browser, viewports.desktop, 'reduce', 'allow');
    try {
      const refused = cspRefusals(context, page);
      await page.goto('/');
      expect(await controlledByWorker(page)).toBe('/service-worker.js');

      // Fetched fresh on every update check: never held by a cache between deployments.
      const worker = await page.request.get('/service-worker.js');
      expect(worker.headers()['content-type']).toMatch(/javascript/);
      expect(worker.headers()['cache-control']).toBe('no-cache');

      // The shell: every script and stylesheet this page loaded, the offline page and the icons.
      const [cacheName] = await shellCaches(page);
      expect(cacheName).toMatch(/^parade-shell-[0-9a-f]{16}$/);
      const { kept, loaded } = await page.evaluate(async (name) => {
        const cache = await caches.open(name);
        const keys = (await cache.keys()).map((request) => new URL(request.url).pathname);
        const files = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
          .map((url) => url.pathname);
        return { kept: keys, loaded: files };
      }, cacheName ?? '');
      expect(loaded.length).toBeGreaterThan(3);
      expect(kept).toEqual(expect.arrayContaining([...loaded, '/offline.html', '/offline.js', '/icons/icon-192.png']));
      expect(kept).not.toContain('/index.html');
      expect(kept).not.toContain('/');

      // The push switch subscribes through the same registration (a scope has one worker),
      // and that worker shows a push: ServiceWorker.deliverPushMessage fires its push event.
      await context.grantPermissions(['notifications']);
      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r: { scopeURL: string }) => new URL(r.scopeURL).pathname === '/');
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      const push = {
        origin: new URL(page.url()).origin,
        registrationId: await registrationId,
        data: JSON.stringify({ title: 'Your order is ready', body: 'Collect it today.', url: '/profile', tag: 't1' }),
      };
      // A push delivered while the worker is still starting can be dropped by the browser
      // (ci28, on a loaded machine), as a real push service would retry, so does the test: the
      // same tag replaces rather than adds, so a second delivery cannot pass a broken worker.
      await expect
        .poll(
          async () => {
            const shown = await page.evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration('/');
              return (await registration?.getNotifications())?.map((n) => `${n.title}: ${n.body}`) ?? [];
            });
            if (shown.length === 0) await cdp.send('ServiceWorker.deliverPushMessage', push);
            return shown;
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toEqual(['Your order is ready: Collect it today.']);
      expect(refused).toEqual([]);
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('offline, a page shows the offline page with the two products viewed last; back online, Try again loads it', async () => {
    const { context, page } = await newPage(browser, viewports.mobile, 'reduce', 'allow');
    try {
      const refused = cspRefusals(context, page);
      await page.goto('/products');
      await controlledByWorker(page);
      const cards = page.getByTestId('product-card');
      await cards.nth(1).waitFor();
      const viewed = [];
      const prices = await cardPrices(page);
      for (const i of [0, 1]) {
        const link = cards.nth(i).getByRole('link');
        viewed.push({ name: await link.textContent(), href: await link.getAttribute('href'), price: prices[i] });
      }
      for (const product of viewed) {
        await page.goto(product.href ?? '');
        await expect.poll(() => page.getByTestId('product-title').textContent()).toBe(product.name);
      }
      await expect
        .poll(() =>
          page.evaluate(() => JSON.parse(localStorage.getItem('parade.recently-viewed') ?? '{}').state?.items?.length),
        )
        .toBe(2);

      await context.setOffline(true);
      await page.goto('/vendors');
      expect(new URL(page.url()).pathname).toBe('/vendors');
      await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
      const recent = page.getByRole('region', { name: 'Recently viewed' });
      await recent.waitFor();
      // Newest first, each a link to its page, with its price and its picture from the browser's cache.
      const links = recent.getByRole('listitem').getByRole('link');
      expect(await links.allTextContents()).toEqual([viewed[1]?.name, viewed[0]?.name]);
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
        viewed[1]?.href,
        viewed[0]?.href,
      ]);
      const shownPrices = (await recent.locator('.price').allTextContents()).map(pence);
      expect(shownPrices).toEqual([viewed[1]?.price, viewed[0]?.price]);
      await expect
        .poll(() =>
          recent.locator('img').evaluateAll((images) => images.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
        )
        .toEqual([true, true]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'pwa-offline-page-mobile');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Still offline/);

      await context.setOffline(false);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForFunction(() => document.title !== 'You are offline - Parade');
      expect(new URL(page.url()).pathname).toBe('/vendors');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { level: 1, name: 'You are offline' }).count()).toBe(0);
      expect(refused).toEqual([]);
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("a new deployment's worker takes over the open page; the previous version's files stay one more round", async () => {
    const { context, page } = await newPage(browser, viewports.desktop, 'reduce', 'allow');
    try {
      // A new worker's first script request can be routed (a browser's update check cannot): the
      // worker installed first is the built one with another VERSION, the deployment before this
      // one; "?next" gives the one after it.
      await context.route(/\/service-worker\.js/, async (route) => {
        const built = await route.fetch();
        const other = new URL(route.request().url()).search === '?next' ? 'next' : 'previous';
        await route.fulfill({
          status: 200,
          headers: { 'content-type': 'text/javascript', 'cache-control': 'no-cache' },
          body: (await built.text()).replace(/^const VERSION = "([0-9a-f]+)";/, `const VERSION = "$1-${other}";`),
        });
      });
      const current = /^const VERSION = "([0-9a-f]+)";/.exec(
        await (await page.request.get('/service-worker.js')).text(),
      );
      const currentCache = `parade-shell-${current?.[1]}`;

      /** Runs `check` in the page and resolves once a new worker has taken the page over. */
      const takeOver = (check: 'update' | 'next') =>
        page.evaluate(async (how) => {
          const changed = new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
          );
          const registration = await navigator.serviceWorker.getRegistration('/');
          if (how === 'update') await registration?.update();
          else await navigator.serviceWorker.register('/service-worker.js?next', { scope: '/' });
          await changed;
          return new URL(navigator.serviceWorker.controller?.scriptURL ?? '').pathname;
        }, check);

      await page.goto('/');
      await controlledByWorker(page);
      expect(await shellCaches(page)).toEqual([`${currentCache}-previous`]);

      // The deployment: the browser's own update check finds the built worker changed.
      expect(await takeOver('update')).toBe('/service-worker.js');
      // The worker tidies the caches while activating, which goes on after it took the page over.
      await expect.poll(() => shellCaches(page)).toEqual([`${currentCache}-previous`, currentCache]);
      // A tab still running the previous version asks for one of its chunks the server no longer has.
      const oldChunk = '/assets/only-in-the-previous-version-0000.js';
      await page.evaluate(
        async ([name, path]) => (await caches.open(name ?? '')).put(path ?? '', new Response('/* previous */')),
        [`${currentCache}-previous`, oldChunk],
      );
      const fetchOldChunk = () => page.evaluate(async (path) => (await fetch(path)).status, oldChunk);
      expect(await fetchOldChunk()).toBe(200);

      // One more deployment: the oldest files go.
      await takeOver('next');
      await expect.poll(() => shellCaches(page)).toEqual([currentCache, `${currentCache}-next`]);
      expect(await fetchOldChunk()).toBe(404);
      // Pages still come from the server under the newest worker.
      await page.goto('/vendors');
      await controlledByWorker(page);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.title()).not.toMatch(/offline/);
    } catch (error) {
      await recordFailure(page, error);
      throw error;
    } finally {
      await context.close();
    }
  });
});
