import { createHash, randomBytes } from 'node:crypto';
import { authMessages } from '@parade/core/auth-schemas';
import { type SmtpCapture, startSmtpCapture } from '@parade/test-support/smtp-capture';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { mailOutbox } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { NO_LOAD_SHEDDING } from '../../test/test-env';
import { bearer, captureLog, signUp } from '../../test/test-support';
import { REDACTED_BODY } from '../mail';
import { authTokens, passwordResets } from './auth.tables';
import { accountThrottle, authRateLimits } from './rate-limit';

let smtp: SmtpCapture;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, RESET_TOKEN_TTL_SECONDS: '900', PUBLIC_URL: 'https://parade.example' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const forgot = (email: string, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email }, remoteAddress: ip });
const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/reset', payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextIp() });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Asks for a reset link and reads it from the mail the SMTP server received. */
async function resetLinkFor(email: string, ip = nextIp()): Promise<{ token: string; link: URL }> {
  const before = smtp.messages.length;
  expect((await forgot(email, ip)).statusCode).toBe(200);
  const mail = await smtp.waitFor(
    (m) => smtp.messages.indexOf(m) >= before && m.to.includes(email.toLowerCase()) && /reset/i.test(m.subject),
  );
  const match = /https:\/\/parade\.example\/auth\/reset-password\/([A-Za-z0-9_-]+)\?email=\S+/.exec(mail.text);
  expect(match, mail.text).toBeTruthy();
  return { token: match![1]!, link: new URL(match![0]) };
}

describe('forgot password', () => {
  it('mails a link over SMTP and gives the same reply whether or not the account exists', async () => {
    const user = await signUp(t.app, { email: 'reset.me@example.test' });
    const known = await forgot('RESET.ME@example.test');
    const unknown = await forgot('no.such.person@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: true, message: authMessages.forgotSent, data: {} });
    expect(unknown.json()).toEqual(known.json());

    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Reset your Parade password');
    expect(mail.from).toBe('no-reply@parade.local');
    expect(mail.text).toContain('https://parade.example/auth/reset-password/');
    expect(mail.text).toContain('within 15 minutes');
    await t.app.mailer.idle();
    expect(smtp.messages.some((m) => m.to.includes('no.such.person@example.test'))).toBe(false);

    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('stores only the hash of a 256-bit token that lives RESET_TOKEN_TTL_SECONDS', async () => {
    const user = await signUp(t.app);
    const { token, link } = await resetLinkFor(user.email);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(link.searchParams.get('email')).toBe(user.email);
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.user.id));
    expect(row?.tokenHash).toBe(sha256(token));
    const seconds = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(seconds).toBeCloseTo(900, 0);
  });

  it('is rate limited per (account, IP) and per IP, with the same reply for unknown accounts', async () => {
    const pairMax = authRateLimits.forgotPerAccountAndIp.max;
    for (let i = 0; i < pairMax; i++) {
      expect((await forgot('ghost@example.test', '10.8.1.1')).statusCode).toBe(200);
    }
    const blocked = await forgot('Ghost@example.test', '10.8.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: false, code: 'rate_limited' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot('ghost@example.test', '10.8.1.2')).statusCode).toBe(200);

    for (let i = 0; i < authRateLimits.forgotPerIp.max; i++) {
      expect((await forgot(`spray${i}@example.test`, '10.8.0.1')).statusCode).toBe(200);
    }
    expect((await forgot('spray-last@example.test', '10.8.0.1')).statusCode).toBe(429);
    expect((await forgot('spray-last@example.test', '10.8.0.2')).statusCode).toBe(200);
  });

  it('lets the owner reset from another address however often an attacker asked', async () => {
    const owner = await signUp(t.app, { email: 'flooded@example.test' });
    for (let i = 0; i < authRateLimits.forgotPerAccountAndIp.max + 2; i++) await forgot(owner.email, '10.8.2.1');
    expect((await forgot(owner.email, '10.8.2.1')).statusCode).toBe(429);
    await t.app.mailer.idle();
    // From a new address the owner still gets a working link.
    const { token } = await resetLinkFor(owner.email, '10.8.3.1');
    const done = await reset({
      token,
      email: owner.email,
      password: 'flood survivor phrase',
      password_confirmation: 'flood survivor phrase',
    });
    expect(done.statusCode).toBe(200);
  });

  it('stops mailing unknown addresses past the account’s cap, silently, but always mails the owner’s own', async () => {
    const owner = await signUp(t.app, { email: 'capped@example.test' });
    // The owner signs in from home: that address is theirs.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: owner.email, password: owner.password },
          remoteAddress: '10.8.4.250',
        })
      ).statusCode,
    ).toBe(200);
    const cap = accountThrottle.resetMailsFromUnknownClients.max;
    for (let i = 0; i < cap; i++) expect((await forgot(owner.email, `10.8.4.${i + 1}`)).statusCode).toBe(200);
    await t.app.mailer.idle();
    const mailsTo = async () =>
      (
        await t.database.db
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.to} = ${owner.email} and ${mailOutbox.kind} = 'password-reset'`)
      ).length;
    expect(await mailsTo()).toBe(cap);
    // Past the cap: the same reply, no mail.
    const over = await forgot(owner.email, '10.8.4.100');
    expect(over.statusCode).toBe(200);
    expect(over.json()).toEqual({ status: true, message: authMessages.forgotSent, data: {} });
    await t.app.mailer.idle();
    expect(await mailsTo()).toBe(cap);
    // From the address the owner signs in from, the link is mailed.
    expect((await forgot(owner.email, '10.8.4.250')).statusCode).toBe(200);
    await t.app.mailer.idle();
    expect(await mailsTo()).toBe(cap + 1);
  });
});

describe('reset password', () => {
  it('sets the new password once and revokes every session of the user', async () => {
    const user = await signUp(t.app, { password: 'the old parade password' });
    const other = await login(user.email, user.password);
    const otherToken = other.json().data.access_token;
    const { token } = await resetLinkFor(user.email);

    const done = await reset({
      token,
      email: user.email.toUpperCase(),
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrase',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: true, message: authMessages.resetDone, data: {} });

    expect((await login(user.email, 'the old parade password')).statusCode).toBe(422);
    expect((await login(user.email, 'a brand new passphrase')).statusCode).toBe(200);
    for (const old of [user.token, otherToken]) {
      expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(old) })).statusCode).toBe(401);
    }
    const live = await t.database.db
      .select()
      .from(authTokens)
      .where(sql`${authTokens.userId} = ${user.user.id} and ${authTokens.revokedAt} is null`);
    expect(live).toHaveLength(1); // the login just made

    // Reused: the link is single use.
    const again = await reset({
      token,
      email: user.email,
      password: 'yet another passphrase',
      password_confirmation: 'yet another passphrase',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [authMessages.resetInvalid] });
    expect((await login(user.email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('lets one reset end every other link the user was sent', async () => {
    const user = await signUp(t.app);
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    const newPassword = 'a second new passphrase';
    const use = (token: string) =>
      reset({ token, email: user.email, password: newPassword, password_confirmation: newPassword });
    expect((await use(second.token)).statusCode).toBe(200);
    const stale = await use(first.token);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors.token).toEqual([authMessages.resetInvalid]);
  });

  it('limits reset attempts per client IP, with the 429 envelope', async () => {
    const guess = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: {
          token: randomBytes(32).toString('base64url'),
          email: 'x@example.test',
          password: 'any new passphrase',
          password_confirmation: 'any new passphrase',
        },
        remoteAddress: '10.8.9.1',
      });
    for (let i = 0; i < authRateLimits.resetPerIp.max; i++) expect((await guess()).statusCode).toBe(422);
    const blocked = await guess();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      status: false,
      message: 'Too many requests, please try again later.',
      code: 'rate_limited',
      errors: {},
    });
  });

  it('refuses an expired token', async () => {
    const user = await signUp(t.app);
    const { token } = await resetLinkFor(user.email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, sha256(token)));
    const res = await reset({
      token,
      email: user.email,
      password: 'fresh passphrase here',
      password_confirmation: 'fresh passphrase here',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: [authMessages.resetInvalid] });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it("refuses a token with another account's e-mail, and a made-up token", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { token } = await resetLinkFor(user.email);
    const body = { password: 'hijack attempt phrase', password_confirmation: 'hijack attempt phrase' };
    expect((await reset({ token, email: stranger.email, ...body })).statusCode).toBe(422);
    expect((await reset({ token: 'A'.repeat(43), email: user.email, ...body })).statusCode).toBe(422);
    // The real owner can still use it.
    expect((await reset({ token, email: user.email, ...body })).statusCode).toBe(200);
  });

  it('checks the token before judging the password: a made-up token never costs a strength estimate (issue 22)', async () => {
    const user = await signUp(t.app);
    // Weak, and long: judged first, it answered "too common" and cost the estimator's time.
    const weak = 'password'.repeat(8);
    const res = await reset({ token: 'B'.repeat(43), email: user.email, password: weak, password_confirmation: weak });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'reset_token_invalid' });
    expect(res.json().errors.password).toBeUndefined();
    const unknown = await reset({
      token: 'C'.repeat(43),
      email: 'nobody.here@example.test',
      password: weak,
      password_confirmation: weak,
    });
    expect(unknown.json()).toMatchObject({ code: 'reset_token_invalid' });
  });

  it('applies the password rules to the new password', async () => {
    const user = await signUp(t.app);
    const { token } = await resetLinkFor(user.email);
    const common = await reset({ token, email: user.email, password: 'iloveyou', password_confirmation: 'iloveyou' });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual([authMessages.passwordCommon]);
    // The account's own name and e-mail are context words.
    const ownEmail = await reset({ token, email: user.email, password: user.email, password_confirmation: user.email });
    expect(ownEmail.json().errors.password).toEqual([authMessages.passwordCommon]);
    const mismatch = await reset({
      token,
      email: user.email,
      password: 'good passphrase one',
      password_confirmation: 'two',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual([authMessages.confirmationMismatch]);
    // A refused attempt does not use the token up.
    const ok = await reset({
      token,
      email: user.email,
      password: 'good passphrase one',
      password_confirmation: 'good passphrase one',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('mail delivery', () => {
  it('keeps no reset link in the outbox once the mail is sent, and the mailed link works', async () => {
    const user = await signUp(t.app, { email: 'redact.me@example.test' });
    const { token } = await resetLinkFor(user.email);
    await t.app.mailer.idle();
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} = ${user.email} and ${mailOutbox.kind} = 'password-reset'`);
    expect(row).toMatchObject({
      status: 'sent',
      subject: 'Reset your Parade password',
      text: REDACTED_BODY,
      html: null,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain('/auth/reset-password/');
    // The welcome mail, which holds no secret, is kept as sent.
    const [welcome] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} = ${user.email} and ${mailOutbox.kind} = 'welcome'`);
    expect(welcome?.text).toContain('Welcome to Parade');
    const done = await reset({
      token,
      email: user.email,
      password: 'redacted but working',
      password_confirmation: 'redacted but working',
    });
    expect(done.statusCode).toBe(200);
  });

  it('keeps a mail the relay refused in the outbox and delivers it on retry', async () => {
    const user = await signUp(t.app, { email: 'retry.me@example.test' });
    smtp.refuse = true;
    try {
      expect((await forgot(user.email)).statusCode).toBe(200);
      await t.app.mailer.idle();
    } finally {
      smtp.refuse = false;
    }
    const [failed] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} = ${user.email} and ${mailOutbox.kind} = 'password-reset'`);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toMatch(/550|unavailable/i);
    // Not delivered yet: the body is kept for the retry.
    expect(failed?.text).toContain('/auth/reset-password/');

    await t.app.mailer.retryUndelivered();
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null, text: REDACTED_BODY });
    await smtp.waitFor((m) => m.to.includes(user.email) && /reset/i.test(m.subject));
  });

  it('without SMTP_URL keeps mails in the outbox, marked logged', async () => {
    const local = await buildTestApp();
    try {
      const user = await signUp(local.app, { email: 'no.smtp@example.test' });
      await local.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: user.email } });
      await local.app.mailer.idle();
      const rows = await local.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
      expect(rows.map((r) => [r.kind, r.status])).toEqual([
        ['welcome', 'logged'],
        ['password-reset', 'logged'],
      ]);
      // Never to be sent, the reset link is not kept either (development mode logs it instead).
      expect(rows.map((r) => r.text === REDACTED_BODY)).toEqual([false, true]);
    } finally {
      await local.close();
    }
  });

  it('logs the reset link only without SMTP_URL, on a loopback HOST, outside production', async () => {
    const { stream, lines: logs } = captureLog();
    const cases = [
      { env: { NODE_ENV: 'development', HOST: '127.0.0.1' }, logged: true },
      { env: { NODE_ENV: 'development', HOST: '::1' }, logged: true },
      { env: { NODE_ENV: 'development', HOST: '0.0.0.0' }, logged: false },
      { env: { NODE_ENV: 'development', HOST: '192.0.2.10' }, logged: false },
      { env: { NODE_ENV: 'development', HOST: '127.0.0.1', SMTP_URL: smtp.url }, logged: false },
      { env: { NODE_ENV: 'production', HOST: '127.0.0.1' }, logged: false },
    ];
    for (const [i, { env, logged }] of cases.entries()) {
      const config = loadConfig({
        ...env,
        GEOCODER: 'demo',
        DATA_DIR: t.config.dataDir,
        SERVE_APPS: 'false',
        PUBLIC_URL: 'https://parade.example',
        ...NO_LOAD_SHEDDING,
      });
      const app = await buildApp({ config, database: t.database, logger: { level: 'info', stream } });
      await app.ready();
      const email = `logged.${i}@example.test`;
      await signUp(app, { email });
      logs.length = 0;
      await app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email }, remoteAddress: nextIp() });
      await app.mailer.idle();
      await app.close();
      const links = logs.filter((line) => line.includes('https://parade.example/auth/reset-password/'));
      expect(links.length, JSON.stringify(env)).toBe(logged ? 1 : 0);
    }
  });
});

describe('the request log', () => {
  it('keeps the token and e-mail of a reset link out of the log', async () => {
    const { stream, text } = captureLog();
    const config = loadConfig({
      NODE_ENV: 'production',
      GEOCODER: 'demo',
      DATA_DIR: t.config.dataDir,
      SERVE_APPS: 'false',
      ...NO_LOAD_SHEDDING,
    });
    const app = await buildApp({ config, database: t.database, logger: { level: 'info', stream } });
    await app.ready();
    try {
      await app.inject({ url: '/auth/reset-password/SeCrEtToKeN1234567890abcdef?email=who%40example.test' });
      await app.inject({ url: '/api/products?search=kept' });
    } finally {
      await app.close();
    }
    const log = text();
    expect(log).toContain('/auth/reset-password/[redacted]');
    expect(log).toContain('/api/products?search=kept');
    expect(log).not.toContain('SeCrEtToKeN');
    expect(log).not.toContain('who%40example.test');
  });
});

describe('configuration', () => {
  it('caps the reset link lifetime at 3600 seconds and defaults to 1200', () => {
    expect(loadConfig({}).resetTokenTtlSeconds).toBe(1200);
    expect(loadConfig({ RESET_TOKEN_TTL_SECONDS: '3600' }).resetTokenTtlSeconds).toBe(3600);
    expect(() => loadConfig({ RESET_TOKEN_TTL_SECONDS: '3601' })).toThrow(ConfigError);
  });
});
