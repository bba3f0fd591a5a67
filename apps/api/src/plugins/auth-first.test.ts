import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { documentOperations } from '../test/fuzz-harness';

/**
 * docs/api-errors.md: a guest calling a route that needs a sign-in gets 401 `unauthenticated`
 * first, whatever is wrong with the body or the path (the probe of issue 22 found place-order,
 * payment-token and user/invoice answering 422 to a guest's bad body).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('sign-in before validation', () => {
  it('answers a guest 401 on every route documented as needing a bearer token, with a bad body and path', async () => {
    const operations = (await documentOperations(t.app)).filter(
      ({ path, op }) =>
        !path.startsWith('/api/auth/') &&
        Array.isArray((op as { security?: unknown[] }).security) &&
        ((op as { security?: Record<string, unknown>[] }).security ?? []).every((scheme) => 'bearer' in scheme),
    );
    expect(operations.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const { method, path } of operations) {
      const url = path.replace(/\{[^}]+\}/g, 'not-an-id!');
      const reply = await t.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: [['not', 'an', 'object']] }),
      });
      if (reply.statusCode !== 401) wrong.push(`${method} ${path} -> ${reply.statusCode}`);
      else expect(reply.json().code, `${method} ${path}`).toBe('unauthenticated');
    }
    expect(wrong).toEqual([]);
  });
});
