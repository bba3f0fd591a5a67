import { createHash } from 'node:crypto';
import { authMessages } from '@parade/core/auth-schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { mailOutbox, users } from '../../maintenance/schema';
import { requireRole } from '../../plugins/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, captureLog, signUp } from '../../test/test-support';
import { authTokens, rateLimitHits } from './auth.tables';
import { demoPasswords } from './published-passwords';
import { accountThrottle, accountWaitSeconds, authRateLimits, clientKey } from './rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extend: (app) => {
      // A route behind the role guard other modules use.
      app.get('/api/__admin-only', async (request) => ({ status: true, data: await requireRole(request, 'admin') }));
    },
  });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers, remoteAddress });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('register', () => {
  it('creates a customer, signs them in and never shows the password hash', async () => {
    const res = await post('/auth/register', {
      name: 'Amira Khan-Jones',
      email: 'Amira@Example.test',
      phone: '07700 900456',
      password: 'tea and toast at noon',
      password_confirmation: 'tea and toast at noon',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(Object.keys(body.data.user).sort()).toEqual(['avatar', 'email', 'id', 'name', 'phone', 'role']);
    expect(body.data.user).toMatchObject({ name: 'Amira Khan-Jones', email: 'Amira@Example.test', role: 'customer' });
    expect(res.body).not.toMatch(/scrypt|password/i);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.data.user.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('tea and toast');

    const welcome = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'Amira@Example.test'));
    expect(welcome.map((m) => m.kind)).toEqual(['welcome']);
  });

  it('keeps only the SHA-256 of a 32-byte random token, expiring in 30 days', async () => {
    const { token, user } = await signUp(t.app);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token));
    const days = (rows[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it('refuses an e-mail already taken, in any letter case, as a field error', async () => {
    await signUp(t.app, { email: 'taken@example.test' });
    const res = await post('/auth/register', {
      name: 'Someone Else',
      email: '  TAKEN@Example.TEST ',
      password: 'another fine passphrase',
      password_confirmation: 'another fine passphrase',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'email_taken',
      errors: { email: [authMessages.emailTaken] },
    });
  });

  it.each([
    ['a name with digits', { name: 'R2 D2' }, 'name', authMessages.nameInvalid],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email', authMessages.emailInvalid],
    [
      'a password under 8 characters',
      { password: 'short1', password_confirmation: 'short1' },
      'password',
      authMessages.passwordTooShort,
    ],
    [
      'a password over 128 characters',
      { password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) },
      'password',
      authMessages.passwordTooLong,
    ],
    [
      'a common password',
      { password: 'Password123', password_confirmation: 'Password123' },
      'password',
      authMessages.passwordCommon,
    ],
    [
      'a keyboard walk',
      { password: 'qwertyuiop', password_confirmation: 'qwertyuiop' },
      'password',
      authMessages.passwordCommon,
    ],
    [
      'a confirmation that differs',
      { password_confirmation: 'something else entirely' },
      'password_confirmation',
      authMessages.confirmationMismatch,
    ],
    [
      'a missing confirmation',
      { password_confirmation: '' },
      'password_confirmation',
      authMessages.confirmationRequired,
    ],
  ])('refuses %s', async (_label, change, field, message) => {
    const res = await post('/auth/register', {
      name: 'Valid Name',
      email: `rule-${Math.random()}@example.test`,
      password: 'a perfectly fine passphrase',
      password_confirmation: 'a perfectly fine passphrase',
      ...change,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('accepts a 64-character passphrase and names with spaces, hyphens, dots and accents', async () => {
    const password = 'the quick brown fox jumps over the lazy dog near the old mill pond'.slice(0, 64);
    expect(password).toHaveLength(64);
    const res = await post('/auth/register', {
      name: 'Zoë St. John-Smith',
      email: 'zoe@example.test',
      password,
      password_confirmation: password,
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('password rules', () => {
  const person = { name: 'Amira Khan-Jones', email: 'amira.khan@example.test' };
  const register = (password: string, who = person) =>
    post(
      '/auth/register',
      { ...who, password, password_confirmation: password },
      {},
      `10.12.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    );

  it.each([
    ['a breached password with a symbol', 'Password123!'],
    ['a breached password in l33t', 'P@ssword1'],
    ['the demo customer’s published password', demoPasswords.customer],
    ['the demo admin’s published password', demoPasswords.admin],
    ['a published password with the year changed', 'Parade-Admin-2027'],
    ['the e-mail itself', person.email],
    ['the e-mail’s local part with a digit', 'amira.khan1'],
    ['the name with a year', 'Amira2024!'],
    ['the name run together', 'AmiraKhanJones'],
    ['the site’s name with a year', 'parade2026!'],
    ['a common word with a year', 'Summer2024!'],
    ['one character repeated', 'zzzzzzzzzzzz'],
  ])('refuses %s', async (_label, password) => {
    const res = await register(password);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'password_too_common',
      errors: { password: [authMessages.passwordCommon] },
    });
    const [stored] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, person.email));
    expect(stored?.count).toBe(0);
  });

  it('accepts a passphrase of ordinary words, and a random string of 8', async () => {
    expect((await register('bitter oranges every january')).statusCode).toBe(201);
    expect(
      (await register('xk4#pq9z', { name: 'Random Person', email: 'random.person@example.test' })).statusCode,
    ).toBe(201);
  });
});

describe('login, me and logout', () => {
  let account: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    account = await signUp(t.app, { email: 'Login.Person@Example.test', password: 'my secret parade phrase' });
  });

  it('signs in with the e-mail in any case and a correct password', async () => {
    const res = await post('/auth/login', {
      email: ' login.person@EXAMPLE.test ',
      password: 'my secret parade phrase',
    });
    expect(res.statusCode).toBe(200);
    const { access_token, user } = res.json().data;
    expect(user.id).toBe(account.user.id);
    expect(user).not.toHaveProperty('passwordHash');
    const who = await me(access_token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ status: true, data: { user: account.user } });
  });

  it('answers a wrong password and an unknown e-mail with the same reply', async () => {
    const wrong = await post(
      '/auth/login',
      { email: account.email, password: 'not my password at all' },
      {},
      '10.0.0.2',
    );
    const unknown = await post(
      '/auth/login',
      { email: 'nobody@example.test', password: 'not my password' },
      {},
      '10.0.0.2',
    );
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      status: false,
      message: authMessages.badCredentials,
      code: 'invalid_credentials',
      errors: { email: [authMessages.badCredentials] },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers me without a token, with a malformed one or an unknown one with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }, bearer('A'.repeat(43))]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, message: 'Unauthenticated.', code: 'unauthenticated', errors: {} });
    }
  });

  it('refuses an expired token', async () => {
    const { token } = await signUp(t.app);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses a session unused for longer than SESSION_IDLE_TIMEOUT_MINUTES, as an expired one', async () => {
    const idle = t.config.sessionIdleTimeoutMinutes;
    const { token } = await signUp(t.app);
    const setLastUse = (minutesAgo: number) =>
      t.database.db
        .update(authTokens)
        .set({ lastUsedAt: sql`now() - make_interval(mins => ${minutesAgo})` })
        .where(eq(authTokens.tokenHash, sha256(token)));
    // Used a little within the timeout: still signed in (and the use is recorded).
    await setLastUse(idle - 10);
    expect((await me(token)).statusCode).toBe(200);
    const [touched] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect(Date.now() - touched!.lastUsedAt!.getTime()).toBeLessThan(60_000);
    // Idle past the timeout: refused, though far from its expiry.
    await setLastUse(idle + 1);
    const refused = await me(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('unauthenticated');
  });

  it('counts a session never used since sign-in as idle from its creation', async () => {
    const { token } = await signUp(t.app);
    await t.database.db
      .update(authTokens)
      .set({
        lastUsedAt: null,
        createdAt: sql`now() - make_interval(mins => ${t.config.sessionIdleTimeoutMinutes + 1})`,
      })
      .where(eq(authTokens.tokenHash, sha256(token)));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('defaults the idle timeout to 7 days and takes SESSION_IDLE_TIMEOUT_MINUTES from 15 minutes to a year', () => {
    expect(loadConfig({}).sessionIdleTimeoutMinutes).toBe(7 * 24 * 60);
    expect(loadConfig({ SESSION_IDLE_TIMEOUT_MINUTES: '30' }).sessionIdleTimeoutMinutes).toBe(30);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_MINUTES: '14' })).toThrow(/SESSION_IDLE_TIMEOUT_MINUTES/);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT_MINUTES: '525601' })).toThrow(/SESSION_IDLE_TIMEOUT_MINUTES/);
  });

  it('revokes the token on logout and keeps the other sessions', async () => {
    const first = await post('/auth/login', { email: account.email, password: account.password }, {}, '10.0.0.3');
    const second = await post('/auth/login', { email: account.email, password: account.password }, {}, '10.0.0.3');
    const tokenA = first.json().data.access_token;
    const tokenB = second.json().data.access_token;

    const out = await post('/auth/logout', {}, bearer(tokenA));
    expect(out.statusCode).toBe(200);
    expect(out.json().status).toBe(true);
    expect((await me(tokenA)).statusCode).toBe(401);
    expect((await post('/auth/logout', {}, bearer(tokenA))).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, sha256(tokenA)));
    expect(row?.revokedAt).toBeInstanceOf(Date);

    expect((await me(tokenB)).statusCode).toBe(200);
  });

  it('guards roles: 401 for a guest, 403 for a customer', async () => {
    expect((await t.app.inject({ url: '/api/__admin-only' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/__admin-only', headers: bearer(account.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(false);
  });
});

describe('login rate limits (in the database)', () => {
  const loginFrom = (ip: string, email: string, password: string) => post('/auth/login', { email, password }, {}, ip);
  const pairMax = authRateLimits.loginPerAccountAndIp.max;

  it('throttles wrong passwords per (account, address) and never blocks the owner from another address', async () => {
    const victim = await signUp(t.app, { email: 'victim@example.test' });
    for (let i = 0; i < pairMax + 2; i++) {
      const res = await loginFrom('10.1.0.1', 'VICTIM@example.test', 'guess number one two');
      expect(res.statusCode).toBe(i < pairMax ? 422 : 429);
    }
    // The attacker's address is throttled for this account, even with the right password...
    const blocked = await loginFrom('10.1.0.1', victim.email, victim.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      status: false,
      message: 'Too many requests, please try again later.',
      code: 'rate_limited',
      errors: {},
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // ...while the owner, from an address never used before, signs in.
    expect((await loginFrom('10.1.1.1', victim.email, victim.password)).statusCode).toBe(200);

    // When the window has passed the throttled address may try again.
    await t.database.db
      .update(rateLimitHits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, 'login:victim@example.test 10.1.0.1'));
    expect((await loginFrom('10.1.0.1', victim.email, victim.password)).statusCode).toBe(200);
  });

  it('forgets an address’s failed attempts after it signs in', async () => {
    const user = await signUp(t.app, { email: 'forgetful@example.test' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < pairMax - 1; i++) await loginFrom('10.2.0.1', user.email, 'a wrong password guess');
      expect((await loginFrom('10.2.0.1', user.email, user.password)).statusCode).toBe(200);
    }
  });

  it('slows guesses spread over many addresses, one turn at a time, but not the owner’s own address', async () => {
    const owner = await signUp(t.app, { email: 'spread@example.test' });
    // The owner signed in from home once: that address is theirs.
    expect((await loginFrom('10.5.0.1', owner.email, owner.password)).statusCode).toBe(200);
    const free = accountThrottle.slowAfterFailures;
    // Each attacking address stays under its own (account, address) limit.
    for (let i = 0; i < free; i++) {
      const res = await loginFrom(`10.5.1.${Math.floor(i / (pairMax - 1))}`, owner.email, 'a spread guess');
      expect(res.statusCode).toBe(422);
    }
    const failuresRow = () =>
      t.database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'login:failures:spread@example.test'));
    expect((await failuresRow())[0]?.count).toBe(free);
    // As after a long attack: the wait is at its longest, so this test does not race the clock.
    await t.database.db
      .update(rateLimitHits)
      .set({ count: 1000 })
      .where(eq(rateLimitHits.key, 'login:failures:spread@example.test'));
    // The next unknown address takes the account's one turn; the one after must wait for it,
    // even with the right password.
    expect((await loginFrom('10.5.2.1', owner.email, 'a spread guess')).statusCode).toBe(422);
    const slowed = await loginFrom('10.5.2.2', owner.email, owner.password);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().code).toBe('rate_limited');
    const retryAfter = Number(slowed.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(accountThrottle.maxWaitSeconds);
    // The owner at home is never slowed, however many failures the account has had.
    expect((await loginFrom('10.5.0.1', owner.email, owner.password)).statusCode).toBe(200);
    expect((await loginFrom('10.5.0.1', owner.email, owner.password)).statusCode).toBe(200);
    // Nor after resetting the password from a new address (the link proves the mailbox): see password-reset.test.ts.
  });

  it('grows the wait of unknown addresses with the failures, up to a minute', () => {
    const free = accountThrottle.slowAfterFailures;
    expect(accountWaitSeconds(0)).toBe(0);
    expect(accountWaitSeconds(free - 1)).toBe(0);
    expect(accountWaitSeconds(free)).toBe(2);
    expect(accountWaitSeconds(free + 1)).toBe(4);
    expect(accountWaitSeconds(free + 100)).toBe(accountThrottle.maxWaitSeconds);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
    expect(clientKey('2001:0db8:0000:0012:ffff:1:2:3')).toBe('2001:db8:0:12::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('blocks one IP trying many accounts, not the others', async () => {
    const max = authRateLimits.loginPerIp.max;
    for (let i = 0; i < max; i++) {
      expect((await loginFrom('10.3.0.1', `spray${i}@example.test`, 'password guess')).statusCode).toBe(422);
    }
    expect((await loginFrom('10.3.0.1', 'spray-last@example.test', 'password guess')).statusCode).toBe(429);
    expect((await loginFrom('10.3.0.2', 'spray-last@example.test', 'password guess')).statusCode).toBe(422);
  });

  it('lets no IP over its own limit add to an account’s failures', async () => {
    const target = await signUp(t.app, { email: 'target@example.test' });
    const attacker = '10.3.9.9';
    for (let i = 0; i < authRateLimits.loginPerIp.max; i++)
      await loginFrom(attacker, `decoy${i}@example.test`, 'a guess');
    for (let i = 0; i < accountThrottle.slowAfterFailures + 5; i++) {
      expect((await loginFrom(attacker, target.email, 'a guess')).statusCode).toBe(429);
    }
    const [failures] = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, 'login:failures:target@example.test'));
    expect(failures).toBeUndefined();
    expect((await loginFrom('10.3.9.10', target.email, target.password)).statusCode).toBe(200);
  });

  it('shares the counters between API processes on one database', async () => {
    const user = await signUp(t.app, { email: 'shared@example.test' });
    const other: FastifyInstance = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    try {
      for (let i = 0; i < pairMax; i++) {
        const app = i % 2 === 0 ? t.app : other;
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'wrong guess here' },
          remoteAddress: '10.4.0.1',
        });
      }
      const res = await other.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
        remoteAddress: '10.4.0.1',
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('who the client is (X-Forwarded-For)', () => {
  const loginWith = (app: FastifyInstance, email: string, headers: Record<string, string>, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'a guess' },
      headers,
      remoteAddress,
    });

  it('ignores a forwarded address by default, so a client cannot dodge the per-IP limit', async () => {
    const max = authRateLimits.loginPerIp.max;
    for (let i = 0; i < max; i++) {
      const spoofed = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      expect((await loginWith(t.app, `dodge${i}@example.test`, spoofed, '10.6.0.1')).statusCode).toBe(422);
    }
    const last = await loginWith(t.app, 'dodge-last@example.test', { 'x-forwarded-for': '198.51.100.7' }, '10.6.0.1');
    expect(last.statusCode).toBe(429);
  });

  it('believes the forwarded address only from a proxy named in TRUST_PROXY', async () => {
    const config = loadConfig({ ...t.env, TRUST_PROXY: '10.7.0.1' });
    const behindProxy = await buildApp({ config, database: t.database, logger: false });
    behindProxy.get('/api/__ip', async (request) => ({ status: true, data: request.ip }));
    await behindProxy.ready();
    try {
      const via = (remoteAddress: string) =>
        behindProxy.inject({ url: '/api/__ip', headers: { 'x-forwarded-for': '198.51.100.9' }, remoteAddress });
      expect((await via('10.7.0.1')).json().data).toBe('198.51.100.9');
      expect((await via('10.7.0.2')).json().data).toBe('10.7.0.2');
    } finally {
      await behindProxy.close();
    }
  });
});

describe('sign-up limits and fields', () => {
  it('limits sign-ups per client IP, with the 429 envelope', async () => {
    const max = authRateLimits.registerPerIp.max;
    const signUpFrom = (i: number) =>
      post(
        '/auth/register',
        {
          name: 'Bulk Shopper',
          email: `bulk${i}@example.test`,
          password: 'a perfectly fine passphrase',
          password_confirmation: 'a perfectly fine passphrase',
        },
        {},
        '10.6.1.1',
      );
    for (let i = 0; i < max; i++) expect((await signUpFrom(i)).statusCode).toBe(201);
    const blocked = await signUpFrom(max);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      status: false,
      message: 'Too many requests, please try again later.',
      code: 'rate_limited',
      errors: {},
    });
    const [stored] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, `bulk${max}@example.test`));
    expect(stored?.count).toBe(0);
  });

  it('ignores a role, an id or other fields sent with the sign-up', async () => {
    const res = await post(
      '/auth/register',
      {
        name: 'Sneaky Shopper',
        email: 'sneaky@example.test',
        password: 'a perfectly fine passphrase',
        password_confirmation: 'a perfectly fine passphrase',
        role: 'admin',
        id: 1,
        password_hash: 'scrypt$forged',
      },
      {},
      '10.6.2.1',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.role).toBe('customer');
    expect(res.json().data.user.id).not.toBe(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.test'));
    expect(row?.role).toBe('customer');
    expect(row?.passwordHash).not.toBe('scrypt$forged');
  });

  it('never writes a password to the log, even at trace level', async () => {
    const { stream, lines, text } = captureLog();
    const logged = await buildApp({ config: t.config, database: t.database, logger: { level: 'trace', stream } });
    await logged.ready();
    try {
      const password = 'marmalade on a tuesday';
      const payload = { name: 'Quiet Shopper', email: 'quiet@example.test', password, password_confirmation: password };
      const made = await logged.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload,
        remoteAddress: '10.6.3.1',
      });
      expect(made.statusCode).toBe(201);
      await logged.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'quiet@example.test', password },
        remoteAddress: '10.6.3.1',
      });
      await logged.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'quiet@example.test', password: 'marmalade on a wednesday' },
        remoteAddress: '10.6.3.1',
      });
      await logged.inject({ url: '/api/auth/me', headers: bearer(made.json().data.access_token) });
    } finally {
      await logged.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(text()).not.toContain('marmalade');
  });
});
