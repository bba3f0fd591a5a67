import { productListSchema } from '@parade/core/catalog-schemas';
import { successEnvelope } from '@parade/core/envelope';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { captureLog } from '../test/test-support';
import { compileReplyWriter, serializerCompilerFor } from './serializer';

const listReply = successEnvelope(productListSchema);
const leaks = { password_hash: 'x', cost_price: 1, is_active: true, deleted_at: null };

describe('compiled reply serialisation', () => {
  let t: TestApp;
  let compiled: FastifyInstance;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    compiled = await buildApp({
      config: loadConfig({ ...t.env, RESPONSE_SERIALIZER: 'compiled' }),
      database: t.database,
      logger: { level: 'debug', stream: log.stream },
    });
    await compiled.ready();
  });
  afterAll(async () => {
    await compiled.close();
    await t.close();
  });

  it('is the default in production only', () => {
    expect(loadConfig({}).responseSerializer).toBe('validating');
    expect(loadConfig({ NODE_ENV: 'test' }).responseSerializer).toBe('validating');
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo' }).responseSerializer).toBe('compiled');
    expect(
      loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo', RESPONSE_SERIALIZER: 'validating' }).responseSerializer,
    ).toBe('validating');
  });

  it('compiles the product list reply (no fallback to the validating writer)', () => {
    expect(compileReplyWriter(listReply)).not.toBeNull();
  });

  it('compiles every catalogue read (they keep no validating fallback)', async () => {
    for (const url of ['/api/products', '/api/products/', '/api/home']) await compiled.inject({ method: 'GET', url });
    const fallbacks = log.lines
      .filter((line) => line.includes('validating serialiser kept'))
      .map((line) => JSON.parse(line));
    const catalogue = fallbacks.filter((f) =>
      /^\/api\/(products|product\/|categories|brands|shops?\b|home|app\/setting|pages|blog|ubm-offers|vendor)/.test(
        f.url,
      ),
    );
    expect(catalogue).toEqual([]);
  });

  it('writes the same bytes as the validating serialiser for the catalogue reads', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/products?per_page=50' })).json();
    const card = list.data.products.data[0];
    const urls = [
      '/api/products',
      '/api/products?per_page=50&sort=price',
      `/api/product/${card.shop.slug}/${card.slug}/${card.variation.slug}`,
      '/api/categories',
      '/api/brands',
      '/api/shops',
      `/api/shop/${card.shop.slug}`,
      `/api/shop/${card.shop.slug}/product`,
      '/api/home',
      '/api/app/setting',
      '/api/blog',
      '/api/pages',
      '/api/ubm-offers',
      '/api/shop/no-such-shop',
      '/api/products?page=abc',
    ];
    for (const url of urls) {
      const a = await t.app.inject({ method: 'GET', url });
      const b = await compiled.inject({ method: 'GET', url });
      expect(b.statusCode, url).toBe(a.statusCode);
      expect(b.body, url).toBe(a.body);
    }
  });

  it('drops keys the schema does not name, at every depth, like zod does', async () => {
    const real = (await t.app.inject({ method: 'GET', url: '/api/products?per_page=5' })).json();
    // Every object of a real reply gains columns no reply may carry.
    const withLeaks = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(withLeaks);
      if (value && typeof value === 'object') {
        return { ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withLeaks(v)])), ...leaks };
      }
      return value;
    };
    const data = withLeaks(real);
    const write = compileReplyWriter(listReply);
    const validating = validatingSerializerCompiler({ schema: listReply, method: 'GET', url: '/x' } as never) as (
      data: unknown,
    ) => string;
    const written = write?.(data) ?? '';
    for (const key of Object.keys(leaks)) expect(written).not.toContain(key);
    expect(written).toBe(validating(data));
    expect(written).toBe(JSON.stringify(real));
  });

  it('keeps the validating writer for a schema JSON Schema cannot say (a transform)', () => {
    const odd = z.object({ at: z.string().transform((s) => s.length) });
    expect(compileReplyWriter(odd)).toBeNull();
    const write = serializerCompilerFor('compiled')({ schema: odd, method: 'GET', url: '/x' } as never) as (
      data: unknown,
    ) => string;
    expect(() => write({ at: 5 })).toThrow();
  });
});
