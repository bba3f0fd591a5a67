import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopCreateRequests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

let t: TestApp;

const request = { shop_name: 'Hackney Honey', address: '12 Mare Street', postcode: 'e8 3rh', phone: '020 7946 0321' };

function call(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/user/shop-create-request${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => t?.close());

describe('a customer’s shop-create request', () => {
  it('is sent in the account’s name, one pending at a time, and reaches the platform’s queue', async () => {
    const customer = await signUp(t.app, { email: 'hana.honey@example.test' });
    expect((await call(customer.token, 'GET', '')).json()).toEqual({ status: true, data: null });

    const res = await call(customer.token, 'POST', '', {
      ...request,
      description: 'Raw honey from East London hives.',
      status: 'accepted',
      shop_id: 1,
      email: 'someone.else@example.test',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      shop_name: 'Hackney Honey',
      description: 'Raw honey from East London hives.',
      postcode: 'E8 3RH',
      email: 'hana.honey@example.test',
      status: 'pending',
      shop_id: null,
      admin_note: null,
    });
    expect((await call(customer.token, 'GET', '')).json().data).toMatchObject({ id: created.id, status: 'pending' });

    const second = await call(customer.token, 'POST', '', { ...request, shop_name: 'Hackney Honey Two' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ status: false, code: 'shop_request_pending' });
    const rows = await t.database.db
      .select()
      .from(shopCreateRequests)
      .where(eq(shopCreateRequests.userId, customer.user.id));
    expect(rows).toHaveLength(1);

    const admin = await signUpAs(t.app, t.database, 'admin');
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/shop-requests?status=pending&search=Hackney',
      headers: bearer(admin.token),
    });
    expect(queue.json().data.data.map((r: { id: number }) => r.id)).toEqual([created.id]);
  });

  it('refuses an invalid request with field errors and stores nothing', async () => {
    const customer = await signUp(t.app);
    const res = await call(customer.token, 'POST', '', { shop_name: ' ', postcode: 'not a postcode', phone: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, code: 'validation_failed' });
    expect(Object.keys(res.json().errors).sort()).toEqual(['address', 'phone', 'postcode', 'shop_name']);
    expect((await call(customer.token, 'GET', '')).json().data).toBeNull();
  });

  it('can be cancelled while pending, after which a new one may be sent', async () => {
    const customer = await signUp(t.app);
    const none = await call(customer.token, 'POST', '/cancel');
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('shop_request_not_found');

    expect((await call(customer.token, 'POST', '', request)).statusCode).toBe(201);
    const cancelled = await call(customer.token, 'POST', '/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const again = await call(customer.token, 'POST', '/cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('shop_request_not_pending');

    const next = await call(customer.token, 'POST', '', { ...request, shop_name: 'Hackney Honey Again' });
    expect(next.statusCode).toBe(201);
    expect((await call(customer.token, 'GET', '')).json().data).toMatchObject({
      shop_name: 'Hackney Honey Again',
      status: 'pending',
    });
  });

  it('needs a signed-in user', async () => {
    expect((await call(undefined, 'GET', '')).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '', request)).statusCode).toBe(401);
  });
});
