import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const source = readFileSync(path.join(root, 'apps/web/public/push-worker.js'), 'utf8');

type Handler = (event: Record<string, unknown>) => void;

/** The worker run in a stand-in of its global scope: what it shows and which windows it opens or focuses. */
function runWorker(scope: string, windows: { url: string }[] = []) {
  const handlers = new Map<string, Handler>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const waits: Promise<unknown>[] = [];
  const self = {
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: () => undefined,
    registration: {
      scope,
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows.map((w) => ({ ...w, focus: async () => focused.push(w.url) })),
      openWindow: async (url: string) => opened.push(url),
    },
  };
  vm.runInNewContext(source, { self, URL });
  const fire = async (type: string, event: Record<string, unknown>) => {
    handlers.get(type)?.({ ...event, waitUntil: (work: Promise<unknown>) => waits.push(work) });
    await Promise.all(waits.splice(0));
  };
  return { fire, shown, opened, focused };
}

const message = {
  title: 'Bow Greengrocer: your order INV-2026-000123 is ready for collection',
  body: 'Your order is ready to collect.',
  url: 'https://parade.example/profile/track?order=41',
  tag: 'order-41',
};

describe('the push worker', () => {
  it('is the same file in the storefront and the merchant site', () => {
    expect(readFileSync(path.join(root, 'apps/admin/public/push-worker.js'), 'utf8')).toBe(source);
  });

  it("shows a push's title and body, tagged so a newer one about the order replaces it", async () => {
    const worker = runWorker('https://parade.example/');
    await worker.fire('push', { data: { json: () => message } });
    expect(worker.shown).toEqual([
      {
        title: message.title,
        options: expect.objectContaining({
          body: message.body,
          tag: 'order-41',
          renotify: true,
          data: { url: message.url },
        }),
      },
    ]);
  });

  it('still says something for a push it cannot read', async () => {
    const worker = runWorker('https://parade.example/admin/');
    await worker.fire('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
    });
    expect(worker.shown[0]?.title).toBe('Parade');
    expect(worker.shown[0]?.options.data).toEqual({ url: 'https://parade.example/admin/' });
  });

  it("opens the push's page when clicked, or focuses the window already on it", async () => {
    const closed: string[] = [];
    const click = { notification: { data: { url: message.url }, close: () => closed.push('closed') } };
    const fresh = runWorker('https://parade.example/');
    await fresh.fire('notificationclick', click);
    expect(fresh.opened).toEqual([message.url]);
    expect(closed).toEqual(['closed']);

    const already = runWorker('https://parade.example/', [{ url: 'https://parade.example/' }, { url: message.url }]);
    await already.fire('notificationclick', click);
    expect(already.focused).toEqual([message.url]);
    expect(already.opened).toEqual([]);
  });
});
