import { SECURITY_EVENT_RETENTION_DAYS, securityMessages } from '@parade/core/account-security-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authTokens,
  mailOutbox,
  securityEvents,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
} from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';
import { enableTwoFactorFor } from '../../test/two-factor';
import { pruneSecurityEvents } from './security-events';
import { currentTotpCode, decryptSecret, loadTwoFactorKey } from './two-factor';

/**
 * Account security (issue 28, docs/decisions/045) through the API: the signed-in password
 * change, the sessions list, two-factor sign-in from set-up to sign-in (codes computed here from
 * the secret, as an authenticator app does), recovery codes, the challenge's limits, the
 * security events and the alert mails. On both databases (scripts/api-test-files.ts).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let ipCounter = 0;
const nextIp = () => `10.28.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

function login(email: string, password: string, ip = nextIp(), userAgent = CHROME_MAC) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
}
function loginCode(challenge: string, code: string, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    payload: { challenge, code },
    remoteAddress: ip,
    headers: { 'user-agent': CHROME_MAC },
  });
}
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function eventsOf(userId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ kind: securityEvents.kind })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(securityEvents.id);
  return rows.map((r) => r.kind);
}
async function mailsTo(email: string): Promise<{ kind: string; subject: string; text: string }[]> {
  return t.database.db
    .select({ kind: mailOutbox.kind, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(mailOutbox.id);
}

describe('changing the password while signed in', () => {
  it('needs the current password (422 errors.current_password), ends every other session and keeps this one', async () => {
    const me = await signUp(t.app);
    const other = (await login(me.email, me.password)).json().data.access_token as string;
    const third = (await login(me.email, me.password)).json().data.access_token as string;

    const wrong = await post(me.token, '/api/user/password', {
      current_password: 'not my password at all',
      password: 'a brand new passphrase 28',
      password_confirmation: 'a brand new passphrase 28',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'current_password_invalid' });
    expect(wrong.json().errors.current_password).toEqual([securityMessages.currentPasswordWrong]);
    expect((await get(other, '/api/auth/me')).statusCode).toBe(200);

    const weak = await post(me.token, '/api/user/password', {
      current_password: me.password,
      password: 'password',
      password_confirmation: 'password',
    });
    expect(weak.statusCode).toBe(422);

    const changed = await post(me.token, '/api/user/password', {
      current_password: me.password,
      password: 'a brand new passphrase 28',
      password_confirmation: 'a brand new passphrase 28',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(securityMessages.passwordChanged);
    expect((await get(me.token, '/api/auth/me')).statusCode).toBe(200);
    expect((await get(other, '/api/auth/me')).statusCode).toBe(401);
    expect((await get(third, '/api/auth/me')).statusCode).toBe(401);
    expect((await login(me.email, me.password)).statusCode).toBe(422);
    expect((await login(me.email, 'a brand new passphrase 28')).statusCode).toBe(200);

    const events = await eventsOf(me.user.id);
    expect(events).toContain('password_changed');
    expect(events).toContain('sign_in_failed');
    const mails = await mailsTo(me.email);
    const alert = mails.find((m) => m.kind === 'security-password-changed');
    expect(alert?.subject).toBe('Your Parade password was changed');
    expect(alert?.text).not.toContain('a brand new passphrase 28');
  });

  it('limits password-change attempts per account (429)', async () => {
    const me = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await post(me.token, '/api/user/password', {
        current_password: `wrong ${i}`,
        password: 'another long passphrase',
        password_confirmation: 'another long passphrase',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('sessions', () => {
  it('lists the caller’s live sessions with device facts, ends one, and signs out everywhere else', async () => {
    const me = await signUp(t.app);
    const phone = await login(me.email, me.password, '203.0.113.9', FIREFOX_LINUX);
    const phoneToken = phone.json().data.access_token as string;
    const laptopToken = (await login(me.email, me.password)).json().data.access_token as string;

    const listed = await get(laptopToken, '/api/user/sessions');
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().data as {
      id: number;
      current: boolean;
      user_agent: string | null;
      ip: string | null;
      created_at: string;
      last_used_at: string | null;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(Object.keys(sessions[0]!).sort()).toEqual(
      ['created_at', 'current', 'id', 'ip', 'last_used_at', 'user_agent'].sort(),
    );
    const phoneRow = sessions.find((s) => s.ip === '203.0.113.9')!;
    expect(phoneRow.user_agent).toBe(FIREFOX_LINUX);
    expect(phoneRow.current).toBe(false);

    // Another account's session is 404, and stays alive.
    const stranger = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${phoneRow.id}`,
      headers: bearer(stranger.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('session_not_found');
    expect((await get(phoneToken, '/api/auth/me')).statusCode).toBe(200);

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${phoneRow.id}`,
      headers: bearer(laptopToken),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await get(phoneToken, '/api/auth/me')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${phoneRow.id}`,
      headers: bearer(laptopToken),
    });
    expect(again.statusCode).toBe(404);

    const others = await post(laptopToken, '/api/user/sessions/end-others');
    expect(others.statusCode).toBe(200);
    expect(others.json().data).toEqual({ ended: 1 });
    expect((await get(me.token, '/api/auth/me')).statusCode).toBe(401);
    expect((await get(laptopToken, '/api/auth/me')).statusCode).toBe(200);
    expect((await get(laptopToken, '/api/user/sessions')).json().data).toHaveLength(1);
    expect((await eventsOf(me.user.id)).filter((k) => k === 'session_ended')).toHaveLength(2);
  });
});

describe('two-factor sign-in (TOTP)', () => {
  it('sets up with a secret and QR code, turns on with a code, then asks every sign-in for a code', async () => {
    const me = await signUp(t.app);
    const status = await get(me.token, '/api/user/2fa');
    expect(status.json().data).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });

    const setup = await post(me.token, '/api/user/2fa/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauth_url, qr_code } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Parade');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(qr_code).toMatch(/^data:image\/png;base64,/);

    // Stored encrypted, never in clear.
    const [stored] = await t.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, me.user.id));
    expect(stored?.secretEncrypted).not.toContain(secret);
    expect(stored?.enabledAt).toBeNull();
    const key = await loadTwoFactorKey(t.config);
    expect(decryptSecret(key, me.user.id, stored!.secretEncrypted)).toBe(secret);

    // Not on until a code confirms it.
    expect((await login(me.email, me.password)).json().data.access_token).toBeTruthy();
    const wrongEnable = await post(me.token, '/api/user/2fa/enable', { code: '000000' });
    expect(wrongEnable.statusCode).toBe(422);
    expect(wrongEnable.json().code).toBe('two_factor_code_invalid');
    expect(wrongEnable.json().errors.code).toEqual([securityMessages.codeWrong]);

    const enabled = await post(me.token, '/api/user/2fa/enable', {
      code: currentTotpCode(secret, Date.now() - 30_000),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes = enabled.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const hashes = await t.database.db
      .select({ codeHash: twoFactorRecoveryCodes.codeHash })
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, me.user.id));
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes.map((h) => h.codeHash).join()).not.toContain(code.replace('-', ''));
    expect((await get(me.token, '/api/user/2fa')).json().data).toEqual({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    expect((await post(me.token, '/api/user/2fa/setup')).statusCode).toBe(409);

    // The password alone no longer signs in.
    const first = await login(me.email, me.password);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(first.json().data.access_token).toBeUndefined();

    const challenge = first.json().data.challenge as string;
    const wrong = await loginCode(challenge, '123456');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('two_factor_code_invalid');
    const right = await loginCode(challenge, currentTotpCode(secret));
    expect(right.statusCode, right.body).toBe(200);
    const token = right.json().data.access_token as string;
    expect(right.json().data.user.email).toBe(me.email);
    expect((await get(token, '/api/auth/me')).statusCode).toBe(200);
    // A challenge is good once.
    expect((await loginCode(challenge, currentTotpCode(secret))).json().code).toBe('two_factor_challenge_invalid');
    // And so is a code: the same code again in a new sign-in is refused.
    const second = (await login(me.email, me.password)).json().data.challenge as string;
    const replayed = await loginCode(second, currentTotpCode(secret));
    expect(replayed.statusCode).toBe(422);
    // Said as it is: the code was right but is spent, so the next one is what to wait for.
    expect(replayed.json()).toMatchObject({
      code: 'two_factor_code_invalid',
      errors: { code: [securityMessages.codeReused] },
    });
    const guessed = await loginCode(second, '000000' === currentTotpCode(secret) ? '111111' : '000000');
    expect(guessed.json().errors.code).toEqual([securityMessages.codeWrong]);

    // Off again with a current code (the next step's: this one's is used).
    const off = await post(token, '/api/user/2fa/disable', { code: currentTotpCode(secret, Date.now() + 30_000) });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(me.email, me.password)).json().data.access_token).toBeTruthy();
    expect((await post(token, '/api/user/2fa/disable', { code: '123456' })).statusCode).toBe(409);

    const events = await eventsOf(me.user.id);
    expect(events).toEqual(
      expect.arrayContaining(['two_factor_enabled', 'two_factor_disabled', 'sign_in', 'sign_in_failed']),
    );
    const kinds = (await mailsTo(me.email)).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'security-two-factor-changed')).toHaveLength(2);
  });

  it('takes each recovery code once', async () => {
    const me = await signUp(t.app);
    const { recoveryCodes } = await enableTwoFactorFor(t.app, me.token);
    const [code] = recoveryCodes;
    const challenge = (await login(me.email, me.password)).json().data.challenge as string;
    const used = await loginCode(challenge, code!.toUpperCase());
    expect(used.statusCode, used.body).toBe(200);
    const again = (await login(me.email, me.password)).json().data.challenge as string;
    const reused = await loginCode(again, code!);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('two_factor_code_invalid');
    expect((await loginCode(again, recoveryCodes[1]!)).statusCode).toBe(200);
    expect((await get(me.token, '/api/user/2fa')).json().data.recovery_codes_left).toBe(8);
    expect((await eventsOf(me.user.id)).filter((k) => k === 'recovery_code_used')).toHaveLength(2);
  });

  it('ends a challenge at the fifth wrong code', async () => {
    const me = await signUp(t.app);
    const { secret } = await enableTwoFactorFor(t.app, me.token);
    const challenge = (await login(me.email, me.password)).json().data.challenge as string;
    for (let i = 0; i < 5; i += 1) {
      const res = await loginCode(challenge, String(100000 + i));
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('two_factor_code_invalid');
    }
    const late = await loginCode(challenge, currentTotpCode(secret));
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('two_factor_challenge_invalid');
    expect(late.json().errors.challenge).toEqual([securityMessages.challengeInvalid]);
    // A new sign-in starts a new challenge.
    const fresh = (await login(me.email, me.password)).json().data.challenge as string;
    expect((await loginCode(fresh, currentTotpCode(secret))).statusCode).toBe(200);
    expect((await eventsOf(me.user.id)).filter((k) => k === 'sign_in_failed')).toHaveLength(5);
  });

  it('rate-limits the second step per client address (429 with Retry-After)', async () => {
    const me = await signUp(t.app);
    await enableTwoFactorFor(t.app, me.token);
    const ip = '198.51.100.28';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const challenge = i % 5 === 0 ? ((await login(me.email, me.password)).json().data.challenge as string) : null;
      statuses.push((await loginCode(challenge ?? 'x'.repeat(43), '000000', ip)).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    const limited = await loginCode('y'.repeat(43), '000000', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
  });
});

describe('who must use two-factor sign-in', () => {
  it('refuses a vendor without it payout onboarding (403 two_factor_required, a clear message)', async () => {
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    const res = await post(vendor.token, '/api/vendor/payouts/onboarding');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'two_factor_required',
      message: securityMessages.payoutTwoFactorRequired,
    });
    expect((await get(vendor.token, '/api/user/2fa')).json().data.required).toBe(true);
    // With it on, the refusal is no longer about two-factor (this app has no Stripe key: 422).
    await enableTwoFactorFor(t.app, vendor.token);
    const after = await post(vendor.token, '/api/vendor/payouts/onboarding');
    expect(after.statusCode).toBe(422);
    expect(after.json().code).toBe('payment_unavailable');
  });

  it('sends an admin without it to set it up before any admin call, where required', async () => {
    const strict = await buildTestApp({ env: { ADMIN_TWO_FACTOR: 'required' } });
    try {
      const admin = await signUpAs(strict.app, strict.database, 'admin');
      const refused = await strict.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(admin.token) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'two_factor_required',
        message: securityMessages.adminTwoFactorRequired,
      });
      // Its own account pages still work, so it can set it up.
      const status = await strict.app.inject({ method: 'GET', url: '/api/user/2fa', headers: bearer(admin.token) });
      expect(status.json().data).toMatchObject({ enabled: false, required: true });
      await enableTwoFactorFor(strict.app, admin.token);
      const allowed = await strict.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(admin.token) });
      expect(allowed.statusCode, allowed.body).toBe(200);
      const events = await strict.app.inject({
        method: 'GET',
        url: `/api/admin/security-events?search=${encodeURIComponent(admin.email)}`,
        headers: bearer(admin.token),
      });
      expect(events.statusCode, events.body).toBe(200);
      expect(events.json().data.data.map((e: { kind: string }) => e.kind)).toContain('two_factor_enabled');
    } finally {
      await strict.close();
    }
  });
});

describe('security events', () => {
  it('records each action, shows the owner theirs, lets the admin search all, and keeps a year', async () => {
    const me = await signUp(t.app);
    await login(me.email, 'wrong password here');
    await login(me.email, me.password);
    const page = await get(me.token, '/api/user/security-events');
    expect(page.statusCode).toBe(200);
    const body = page.json().data;
    expect(body).toMatchObject({ current_page: 1, per_page: 20 });
    expect(body.data.map((e: { kind: string }) => e.kind)).toEqual(['sign_in', 'sign_in_failed', 'sign_in']);
    expect(body.data[0]).toMatchObject({ user_agent: CHROME_MAC, detail: null });

    // Nobody else sees them.
    const stranger = await signUp(t.app);
    const theirs = (await get(stranger.token, '/api/user/security-events')).json().data.data as { id: number }[];
    expect(theirs.map((e) => e.id)).not.toContain(body.data[0].id);
    expect((await get(stranger.token, '/api/admin/security-events')).statusCode).toBe(403);

    const admin = await signUpAs(t.app, t.database, 'admin');
    const search = await get(
      admin.token,
      `/api/admin/security-events?search=${encodeURIComponent(me.email)}&kind=sign_in_failed`,
    );
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().data.data).toEqual([
      expect.objectContaining({
        kind: 'sign_in_failed',
        email: me.email,
        user_id: me.user.id,
        detail: 'wrong password',
      }),
    ]);
    // per_page as every admin list: 1-100.
    const onePerPage = await get(admin.token, `/api/admin/security-events?per_page=1`);
    expect(onePerPage.json().data).toMatchObject({ per_page: 1 });
    expect(onePerPage.json().data.data).toHaveLength(1);
    expect((await get(admin.token, '/api/admin/security-events?per_page=101')).statusCode).toBe(422);

    // Older than the retention: pruned.
    await t.database.db.insert(securityEvents).values({
      userId: me.user.id,
      email: me.email,
      kind: 'sign_in',
      createdAt: sql`now() - make_interval(days => ${SECURITY_EVENT_RETENTION_DAYS + 1})`,
    });
    expect(await pruneSecurityEvents(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(securityEvents)
      .where(
        and(eq(securityEvents.userId, me.user.id), sql`${securityEvents.createdAt} < now() - interval '300 days'`),
      );
    expect(left[0]?.n).toBe(0);
  });

  it('mails an alert for a sign-in from a device and address not seen in 90 days, and none for a known one', async () => {
    const me = await signUp(t.app);
    const ip = nextIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.email, password: me.password },
      remoteAddress: ip,
      headers: { 'user-agent': CHROME_MAC },
    });
    const before = (await mailsTo(me.email)).filter((m) => m.kind === 'security-new-sign-in');
    expect(before).toHaveLength(1);
    // The same device and address again: nothing new.
    await login(me.email, me.password, ip, CHROME_MAC);
    expect((await mailsTo(me.email)).filter((m) => m.kind === 'security-new-sign-in')).toHaveLength(1);
    // A new device elsewhere: an alert naming it.
    await login(me.email, me.password, '192.0.2.77', FIREFOX_LINUX);
    const alerts = (await mailsTo(me.email)).filter((m) => m.kind === 'security-new-sign-in');
    expect(alerts).toHaveLength(2);
    expect(alerts[1]?.subject).toBe('New sign-in to your Parade account');
    expect(alerts[1]?.text).toContain('Firefox on Linux');
    expect(alerts[1]?.text).toContain('192.0.2.77');
  });

  it('records the session of a sign-in with its address and User-Agent', async () => {
    const me = await signUp(t.app);
    await login(me.email, me.password, '192.0.2.10', FIREFOX_LINUX);
    const rows = await t.database.db
      .select({ ip: authTokens.ip, userAgent: authTokens.userAgent })
      .from(authTokens)
      .where(eq(authTokens.userId, me.user.id));
    expect(rows).toContainEqual({ ip: '192.0.2.10', userAgent: FIREFOX_LINUX });
  });
});
