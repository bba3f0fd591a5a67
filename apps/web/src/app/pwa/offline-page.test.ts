import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { ProductCard } from '@parade/core/catalog-dto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths';

/**
 * The offline page's script (public/offline.js) reads what the storefront's recently-viewed
 * store wrote: run here against the store itself, so a change to what it stores (its key, its
 * shape) shows as a failure instead of an offline page that quietly lists nothing.
 */
const source = readFileSync(path.resolve(import.meta.dirname, '../../../public/offline.js'), 'utf8');
const offlinePage = vm.createContext({});
vm.runInContext(source, offlinePage, { filename: 'offline.js' });
type Listed = { name: string; detail: string; shop: string; price: string; href: string; picture: string | null };
const recentProductsFrom = offlinePage.recentProductsFrom as (stored: string | null) => Listed[];

const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
});
afterAll(() => vi.unstubAllGlobals());

const card = (id: number, name: string, price: number, thumbnail: string | null): ProductCard => ({
  id,
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  type: 'Physical',
  price,
  compare_at_price: null,
  thumbnail,
  shop: { id: 3, name: 'Green Barrow', slug: 'green-barrow', holiday_mode: false },
  brand: null,
  variation: { id: id * 10, name: '1 kg', slug: '1-kg', full_name: `${name} 1 kg`, price, stock: 4 },
  rating: { average: null, count: 0 },
});

describe('the offline page', () => {
  it('lists what the storefront stored as recently viewed, newest first, with its price and its page', async () => {
    const { useRecentlyViewed } = await import('../../features/catalog/stores/recently-viewed');
    const apples = card(1, 'Braeburn Apples', 250, '/uploads/demo/apples.png');
    const pears = card(2, 'Conference Pears', 1234567, null);
    useRecentlyViewed.getState().remember(apples);
    useRecentlyViewed.getState().remember(pears);
    const [key] = [...stored.keys()];
    expect(source).toContain(`'${key}'`);

    // The vm's objects are of another realm: compared as plain JSON.
    expect(JSON.parse(JSON.stringify(recentProductsFrom(stored.get(key ?? '') ?? null)))).toEqual([
      {
        name: 'Conference Pears',
        detail: '1 kg',
        shop: 'Green Barrow',
        price: '£12,345.67',
        href: paths.product('green-barrow', 'conference-pears', '1-kg'),
        picture: null,
      },
      {
        name: 'Braeburn Apples',
        detail: '1 kg',
        shop: 'Green Barrow',
        price: '£2.50',
        href: '/green-barrow/product/braeburn-apples/1-kg',
        picture: '/uploads/demo/apples.png',
      },
    ]);
  });

  it('lists nothing from nothing stored, damaged text or another shape, and skips an unreadable product', () => {
    for (const text of [null, '', 'not json', 'null', '{"state":{}}', '{"state":{"items":{}}}']) {
      expect(recentProductsFrom(text), String(text)).toHaveLength(0);
    }
    const good = card(1, 'Braeburn Apples', 250, null);
    const items = [null, 7, { ...good, price: '2.50' }, { ...good, shop: null }, { ...good, variation: {} }, good];
    const listed = recentProductsFrom(JSON.stringify({ state: { items }, version: 1 }));
    expect(listed.map((product) => product.name)).toEqual(['Braeburn Apples']);
  });

  it('builds each link from the slugs, so a stored value cannot make it point elsewhere', () => {
    const odd = { ...card(1, 'Apples', 100, null), slug: '../../admin?x=1' };
    const [listed] = recentProductsFrom(JSON.stringify({ state: { items: [odd] } }));
    expect(listed?.href).toBe('/green-barrow/product/..%2F..%2Fadmin%3Fx%3D1/1-kg');
  });
});
