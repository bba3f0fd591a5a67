import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    // A route that fails unexpectedly (internals must never reach a client) and one that takes a body.
    extend: (app) => {
      app.get('/api/__boom', async () => {
        throw new Error('secret database password is hunter2');
      });
      app.post('/api/__echo', async (req) => req.body);
    },
  });
});
afterAll(() => t.close());

describe('the envelope', () => {
  it('answers health with the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, data: { db: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: false,
      message: 'Route GET /api/no-such-thing not found',
      code: 'route_not_found',
      errors: {},
    });
  });

  it('answers a malformed JSON body with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'The request body is not valid JSON.',
      code: 'invalid_json',
      errors: {},
    });
  });

  it("answers a bad body on CORS's catch-all OPTIONS route in the envelope too", async () => {
    const badJson = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ status: false, code: 'invalid_json', errors: {} });
    const unknownType = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(unknownType.statusCode).toBe(415);
    expect(unknownType.json()).toMatchObject({ status: false, errors: {} });
    expect(unknownType.json().code).not.toMatch(/^FST_/);
  });

  it('hides a thrown error behind the generic 500 message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: false,
      message: 'Something went wrong, Please Try Again Later',
      code: 'server_error',
      errors: {},
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });

  it('refuses a NUL character anywhere in the input with 422, never 500', async () => {
    const inQuery = await t.app.inject({ method: 'GET', url: '/api/products?search=ab%00cd' });
    expect(inQuery.statusCode).toBe(422);
    expect(inQuery.json().code).toBe('validation_failed');
    expect(inQuery.json().errors.search).toBeDefined();
    const inParams = await t.app.inject({ method: 'GET', url: '/api/blog/x%00y' });
    expect(inParams.statusCode).toBe(422);
    const inBody = await t.app.inject({ method: 'POST', url: '/api/search', payload: { search: 'bread\u0000' } });
    expect(inBody.statusCode).toBe(422);
    expect(inBody.json().errors.search).toBeDefined();
  });

  it('refuses a deeply nested body with 400, never 500', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json' },
      payload: `{"search": "bread", "extra": ${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'The request is nested too deeply.',
      code: 'input_too_deep',
      errors: {},
    });
  });

  it('refuses an id beyond the 32-bit range with 422, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/order/validate-coupon',
      payload: { shop_id: 99999999999, code: 'X', items: [{ variation_id: 9999999999, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(Object.keys(res.json().errors).sort()).toEqual(['items.0.variation_id', 'shop_id']);
  });

  it('keeps the request id a client sends', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-12345678' } });
    expect(res.headers['x-request-id']).toBe('abc-12345678');
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toContain('/api/categories');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
