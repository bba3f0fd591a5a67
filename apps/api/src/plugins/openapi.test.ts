import { errorCodes } from '@parade/core/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

interface Operation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; allOf?: unknown[] } }> };
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

describe('the DELETE calls whose payload the contract names', () => {
  it('declare the object they delete, the payload their GET (or PUT) answers, not an empty one', () => {
    const admin = [
      'categories',
      'sub-categories',
      'brands',
      'sliders',
      'pages',
      'blog-posts',
      'blog-categories',
      'deals',
    ];
    const twins: [string, string][] = [
      ['/api/vendor/products/{id}', 'get'],
      ['/api/vendor/variations/{id}', 'put'],
      ['/api/vendor/coupons/{id}', 'get'],
      ['/api/admin/coupons/{id}', 'get'],
      ...admin.map((name): [string, string] => [`/api/admin/${name}/{id}`, 'get']),
    ];
    for (const [path, twin] of twins) {
      const declared = paths[path]?.delete?.responses?.['200'];
      expect(declared, `DELETE ${path}`).toBeDefined();
      expect(declared, `DELETE ${path}`).toEqual(paths[path]?.[twin]?.responses?.['200']);
    }
  });

  it('declare the body of every route that reads one, uploads included, for each type it takes', () => {
    const bodiless = operations()
      .filter(([name, op]) => /^(POST|PUT|PATCH) /.test(name) && op.requestBody === undefined)
      .map(([name]) => name);
    // The calls whose body is nothing (or whose path says it all) are listed, so a new route that
    // takes one and forgets to say so fails here.
    expect(bodiless.sort()).toEqual(
      [
        // Stripe's own signed event, read raw to check its signature.
        'POST /api/payments/stripe/webhook',
        'POST /api/auth/logout',
        'POST /api/user/sessions/end-others',
        'POST /api/user/2fa/setup',
        'PATCH /api/user/address/default/{id}',
        'POST /api/user/shop-create-request/cancel',
        'POST /api/user/order/{id}/buy-again',
        'POST /api/vendor-offers/user/claims/{id}/cancel',
        'POST /api/vendor/products/{id}/publish',
        'POST /api/vendor/products/{id}/unpublish',
        'POST /api/vendor/orders/{id}/mark-paid',
        'POST /api/vendor/payouts/onboarding',
        'POST /api/admin/payouts/run',
        'POST /api/vendor/returns/{id}/received',
        'POST /api/vendor/returns/{id}/refund-paid',
        'POST /api/admin/reviews/{id}/show',
        'POST /api/admin/refunds/{id}/retry',
        'POST /api/admin/shop-requests/{id}/accept',
        'POST /api/admin/mail-outbox/{id}/retry',
        'POST /api/vendor-offers/vendor/qr-code/generate',
        'POST /api/vendor-offers/vendor/qr-code/regenerate',
        'POST /api/vendor-offers/vendor/offers/{id}/qr-code',
        'POST /api/vendor-offers/vendor/offers/{id}/toggle-status',
      ].sort(),
    );
    for (const [name, types, field] of [
      ['POST /api/user/reviews', ['application/json', 'multipart/form-data'], 'rating'],
      ['PUT /api/user/reviews/{id}', ['application/json', 'multipart/form-data'], 'keep_photos'],
      ['POST /api/user/update-profile', ['multipart/form-data', 'application/json'], 'avatar'],
      ['POST /api/user/shop-create-request', ['application/json', 'multipart/form-data'], 'shop_name'],
      ['POST /api/vendor-offers/vendor/offers', ['application/json', 'multipart/form-data'], 'title'],
      ['PUT /api/vendor-offers/vendor/offers/{id}', ['application/json', 'multipart/form-data'], 'title'],
      ['POST /api/vendor/products/{id}/images', ['multipart/form-data'], 'images'],
      ['POST /api/vendor/variations/{id}/digital-file', ['multipart/form-data'], 'file'],
      ['POST /api/vendor/shop/logo', ['multipart/form-data'], 'image'],
      ['POST /api/vendor/shop/banner', ['multipart/form-data'], 'image'],
      ['POST /api/admin/content-images', ['multipart/form-data'], 'image'],
    ] as const) {
      const op = operations().find(([n]) => n === name)?.[1];
      expect(op, name).toBeDefined();
      expect(Object.keys(op?.requestBody?.content ?? {}).sort(), name).toEqual([...types].sort());
      const schema = op?.requestBody?.content?.[types[0]]?.schema;
      expect(JSON.stringify(schema), name).toContain(`"${field}"`);
    }
  });

  it('list file fields under multipart only, and a field that is a file or text as text in JSON', () => {
    const isFile = (schema: unknown): boolean => JSON.stringify(schema ?? {}).includes('"format":"binary"');
    let both = 0;
    for (const [name, op] of operations()) {
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      if (json) expect(isFile(json), `${name}: a file in its JSON body`).toBe(false);
      if (json && content['multipart/form-data']) both += 1;
    }
    expect(both).toBe(6);
    const offer = operations().find(([n]) => n === 'POST /api/vendor-offers/vendor/offers')?.[1];
    const jsonImage = offer?.requestBody?.content?.['application/json']?.schema?.properties?.image;
    expect(jsonImage).toMatchObject({ type: 'string', nullable: true });
    const multipartImage = offer?.requestBody?.content?.['multipart/form-data']?.schema?.properties?.image;
    expect(JSON.stringify(multipartImage)).toContain('"anyOf"');
    expect(isFile(multipartImage)).toBe(true);
    const review = operations().find(([n]) => n === 'POST /api/user/reviews')?.[1];
    expect(Object.keys(review?.requestBody?.content?.['application/json']?.schema?.properties ?? {})).not.toContain(
      'photos',
    );
    expect(isFile(review?.requestBody?.content?.['multipart/form-data']?.schema?.properties?.photos)).toBe(true);
  });

  it("say a list's page and page size bounds, which the query's text pattern cannot", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const parameters = res.json().paths['/api/products'].get.parameters as { name: string; description?: string }[];
    const described = (name: string) => parameters.find((p) => p.name === name)?.description;
    expect(described('page')).toBe('A whole number from 1 to 100000.');
    expect(described('per_page')).toMatch(/^A whole number from 1 to \d+\.$/);
  });
});
