import { authMessages, MAX_SAVED_ADDRESSES } from '@parade/core/auth-schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signUp } from '../../test/test-support';
import { addresses } from './addresses.tables';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const home = {
  label: 'Home',
  name: 'Priya Shah',
  phone: '07700 900123',
  line1: 'Flat 4, 27 Sidney Street',
  city: 'London',
  postcode: 'e1  2hq',
};

const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });

async function create(token: string, overrides: object = {}) {
  const res = await call(token, 'POST', '/user/address', { ...home, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; is_default: boolean; postcode: string };
}

async function defaults(userId: number) {
  return t.database.db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

describe('addresses', () => {
  it('creates addresses, the first one as default, with a normalised postcode', async () => {
    const { token } = await signUp(t.app);
    const first = await create(token);
    expect(first).toMatchObject({ is_default: true, postcode: 'E1 2HQ', line2: null, label: 'Home' });
    const second = await create(token, { label: 'Work', line1: '1 Commercial Road', postcode: 'E1 1AA' });
    expect(second.is_default).toBe(false);

    const list = await call(token, 'GET', '/user/address');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.addresses.map((a: { id: number }) => a.id)).toEqual([first.id, second.id]);
    expect(Object.keys(list.json().data.addresses[0]).sort()).toEqual(
      ['city', 'id', 'is_default', 'label', 'line1', 'line2', 'name', 'phone', 'postcode'].sort(),
    );
  });

  it('keeps exactly one default when another is made default, created as default or deleted', async () => {
    const { token, user } = await signUp(t.app);
    const a = await create(token);
    const b = await create(token, { label: 'Work' });
    const made = await call(token, 'PATCH', `/user/address/default/${b.id}`);
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ id: b.id, is_default: true });
    expect(await defaults(user.id)).toEqual([{ id: b.id }]);

    const c = await create(token, { label: 'Mum', is_default: true });
    expect(c.is_default).toBe(true);
    expect(await defaults(user.id)).toEqual([{ id: c.id }]);

    // Deleting the default hands it to the newest remaining address.
    const removed = await call(token, 'DELETE', `/user/update-profile/${c.id}`);
    expect(removed.statusCode).toBe(200);
    // The reply is the address deleted, as it was (the contract's shape for every address call).
    expect(removed.json().data).toEqual(c);
    const left = await call(token, 'GET', '/user/address');
    expect(left.json().data.addresses.map((x: { id: number; is_default: boolean }) => [x.id, x.is_default])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    expect(await defaults(user.id)).toEqual([{ id: b.id }]);
  });

  it('keeps one default when many "make default" calls race', async () => {
    const { token, user } = await signUp(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await create(token, { label: `Place ${i}` })).id);
    const replies = await Promise.all(
      [...ids, ...ids].map((id) => call(token, 'PATCH', `/user/address/default/${id}`)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await defaults(user.id)).toHaveLength(1);
  });

  it('updates an address and can make it the default', async () => {
    const { token } = await signUp(t.app);
    await create(token);
    const b = await create(token, { label: 'Work' });
    const res = await call(token, 'POST', `/user/address/${b.id}`, {
      ...home,
      label: 'Office',
      line2: 'Second floor',
      postcode: 'ec1a1bb',
      is_default: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: b.id,
      label: 'Office',
      line2: 'Second floor',
      postcode: 'EC1A 1BB',
      is_default: true,
    });
  });

  it('validates the fields', async () => {
    const { token } = await signUp(t.app);
    const res = await call(token, 'POST', '/user/address', { ...home, name: 'B0b', postcode: 'NOPE', line1: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      name: [authMessages.nameInvalid],
      postcode: [authMessages.postcodeInvalid],
      line1: [authMessages.required],
    });
    // A field that fails the same way twice (not text at all) says it once.
    const notText = await call(token, 'POST', '/user/address', { ...home, name: [] });
    expect(notText.statusCode).toBe(422);
    expect(notText.json().errors.name).toEqual([authMessages.nameRequired]);
  });

  it("answers another user's address with 404 and leaves it alone", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await create(owner.token);
    await create(other.token);

    const attempts = [
      call(other.token, 'POST', `/user/address/${theirs.id}`, { ...home, line1: 'Hijacked' }),
      call(other.token, 'PATCH', `/user/address/default/${theirs.id}`),
      call(other.token, 'DELETE', `/user/update-profile/${theirs.id}`),
      call(other.token, 'DELETE', '/user/update-profile/999999'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        status: false,
        message: authMessages.addressNotFound,
        code: 'address_not_found',
        errors: {},
      });
    }
    const list = await call(owner.token, 'GET', '/user/address');
    expect(list.json().data.addresses).toEqual([expect.objectContaining({ id: theirs.id, line1: home.line1 })]);
    expect((await call(other.token, 'GET', '/user/address')).json().data.addresses).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/address'],
      ['POST', '/api/user/address'],
      ['PATCH', '/api/user/address/default/1'],
      ['DELETE', '/api/user/update-profile/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? home : undefined });
      expect(res.statusCode).toBe(401);
    }
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses per user, writing nothing past the cap`, async () => {
    const { token, user } = await signUp(t.app);
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++) await create(token, { label: `Place ${i}` });
    const refused = await call(token, 'POST', '/user/address', { ...home, label: 'One too many' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      status: false,
      message: authMessages.addressLimit,
      code: 'address_limit_reached',
      errors: {},
    });
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, user.id));
    expect(rows).toHaveLength(MAX_SAVED_ADDRESSES);
    // Deleting one makes room again.
    expect((await call(token, 'DELETE', `/user/update-profile/${rows[0]!.id}`)).statusCode).toBe(200);
    await create(token, { label: 'Room again' });
  });

  it('lets only one of several concurrent creates at the cap through', async () => {
    const { token, user } = await signUp(t.app);
    for (let i = 0; i < MAX_SAVED_ADDRESSES - 1; i++) await create(token, { label: `Place ${i}` });
    const replies = await Promise.all(
      ['Race A', 'Race B', 'Race C'].map((label) => call(token, 'POST', '/user/address', { ...home, label })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, user.id));
    expect(rows).toHaveLength(MAX_SAVED_ADDRESSES);
  });
});
