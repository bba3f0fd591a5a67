import { errorCodes } from '@parade/core/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  paths = res.json().paths;
});
afterAll(() => t.close());

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation under /api/ as "METHOD /path" with its declared responses. */
function operations(): [string, Operation][] {
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => methods.includes(method))
        .map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
    );
}

/** True when a response declares what it carries: a JSON schema, or another content type with a description. */
function documented(response: NonNullable<Operation['responses']>[string]): boolean {
  const content = Object.entries(response.content ?? {});
  if (content.length === 0) return false;
  return content.every(([type, media]) =>
    type === 'application/json'
      ? typeof media.schema === 'object' && media.schema !== null && Object.keys(media.schema).length > 0
      : Boolean(response.description),
  );
}

describe('the OpenAPI document', () => {
  it('lists the routes under /api/', () => {
    expect(operations().length).toBeGreaterThan(20);
  });

  it('declares a response schema for the success status of every route under /api/', () => {
    const missing = operations()
      .filter(([, op]) => {
        const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2(\d\d|XX)$/i.test(status));
        return success.length === 0 || !success.every(([, response]) => documented(response));
      })
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('declares the failure envelope, with every error code, for client and server errors', () => {
    const missing = operations()
      .filter(([, op]) => {
        const failures = ['4XX', '5XX'].map((status) => op.responses?.[status]?.content?.['application/json']?.schema);
        return !failures.every((schema) => {
          const code = (schema as { properties?: { code?: { enum?: string[] } } } | undefined)?.properties?.code;
          return code?.enum !== undefined && [...code.enum].sort().join() === [...errorCodes].sort().join();
        });
      })
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});

describe('nullable enums', () => {
  it('list null among their values, as OpenAPI 3.0.3 needs for a null to pass', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const missing: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        node.forEach((item, i) => {
          visit(item, `${where}[${i}]`);
        });
      } else if (node && typeof node === 'object') {
        const schema = node as Record<string, unknown>;
        if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) missing.push(where);
        for (const [key, value] of Object.entries(schema)) visit(value, `${where}.${key}`);
      }
    };
    visit(document, '$');
    expect(missing).toEqual([]);
    const returnable = JSON.stringify(document.paths['/api/user/order/{id}/returnable']);
    expect(returnable).toContain('"window_closed",null');
  });
});
