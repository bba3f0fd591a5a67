import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authMessages } from '@parade/core/auth-schemas';
import { eq } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { users } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signUp } from '../../test/test-support';
import { enableTwoFactorFor } from '../../test/two-factor';
import { socialAccounts } from './auth.tables';
import { currentTotpCode } from './two-factor';

const ISSUER = 'https://id.example.test';
const CLIENT_ID = 'parade-storefront';

/** A stand-in identity provider: real keys, a JWKS endpoint on a local port, real signed tokens. */
let jwksServer: Server;
let jwksUrl: string;
let providerKey: CryptoKey;
let strangerKey: CryptoKey;
const KID = 'provider-key-1';

beforeAll(async () => {
  const provider = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  providerKey = provider.privateKey;
  strangerKey = stranger.privateKey;
  const jwk: JWK = { ...(await exportJWK(provider.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks.json`;
});
afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

interface Claims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  nonce?: string;
}

async function idToken(
  claims: Claims,
  options: { key?: CryptoKey; issuer?: string; audience?: string; expiresIn?: string | number; kid?: string } = {},
): Promise<string> {
  const jwt = new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt(typeof options.expiresIn === 'number' ? options.expiresIn - 3600 : undefined)
    .setExpirationTime(options.expiresIn ?? '5m');
  if (claims.sub) jwt.setSubject(claims.sub);
  return jwt.sign(options.key ?? providerKey);
}

describe('with a configured provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'example',
            name: 'Example ID',
            issuer: ISSUER,
            client_id: CLIENT_ID,
            jwks_uri: jwksUrl,
            authorization_endpoint: `${ISSUER}/authorize`,
          },
        ]),
      },
    });
  });
  afterAll(() => t.close());

  const socialLogin = (body: object) => t.app.inject({ method: 'POST', url: '/api/auth/social-login', payload: body });

  it('lists the provider for the sign-in button', async () => {
    const res = await t.app.inject({ url: '/api/auth/providers' });
    expect(res.json()).toEqual({
      status: true,
      data: {
        providers: [
          { id: 'example', name: 'Example ID', client_id: CLIENT_ID, authorization_endpoint: `${ISSUER}/authorize` },
        ],
      },
    });
  });

  it('signs in with a valid ID token, creating the account once and reusing it after', async () => {
    const token = await idToken({
      sub: 'user-1',
      email: 'Social.One@Example.test',
      email_verified: true,
      name: 'Sam Social',
    });
    const first = await socialLogin({ provider: 'example', id_token: token, uid: 'user-1' });
    expect(first.statusCode).toBe(200);
    const { access_token, user } = first.json().data;
    expect(user).toMatchObject({ name: 'Sam Social', email: 'Social.One@Example.test', role: 'customer' });
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(access_token) });
    expect(me.json().data.user.id).toBe(user.id);

    const again = await socialLogin({ provider: 'example', id_token: await idToken({ sub: 'user-1' }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(user.id);
    const links = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.userId, user.id));
    expect(links).toHaveLength(1);
  });

  it('refuses a disabled account with account_disabled, handing out no token', async () => {
    const token = await idToken({ sub: 'user-off', email: 'off@example.test', email_verified: true, name: 'Off' });
    const first = await socialLogin({ provider: 'example', id_token: token });
    expect(first.statusCode).toBe(200);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, first.json().data.user.id));
    const again = await socialLogin({ provider: 'example', id_token: await idToken({ sub: 'user-off' }) });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('account_disabled');
  });

  it('never links an account with two-factor sign-in on by its e-mail alone: 403 two_factor_required, its password kept', async () => {
    const account = await signUp(t.app, { email: 'two.factor.social@example.test' });
    await enableTwoFactorFor(t.app, account.token);
    const token = await idToken({ sub: 'user-2fa', email: account.email, email_verified: true, name: 'Tee Two' });
    const res = await socialLogin({ provider: 'example', id_token: token });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('two_factor_required');
    expect(res.json().data).toBeUndefined();
    expect(await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.subject, 'user-2fa'))).toEqual([]);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(account.token) });
    expect(me.statusCode, 'the session the e-mail match would have ended').toBe(200);
  });

  it('asks an account linked to the provider with two-factor sign-in on for its code, as a password sign-in does', async () => {
    const first = await socialLogin({
      provider: 'example',
      id_token: await idToken({ sub: 'user-2fa-linked', email: 'linked.2fa@example.test', email_verified: true }),
    });
    expect(first.statusCode, first.body).toBe(200);
    const { secret } = await enableTwoFactorFor(t.app, first.json().data.access_token);

    const again = await socialLogin({ provider: 'example', id_token: await idToken({ sub: 'user-2fa-linked' }) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    const finished = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challenge: again.json().data.challenge, code: currentTotpCode(secret) },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const events = await t.app.inject({
      url: '/api/user/security-events',
      headers: bearer(finished.json().data.access_token),
    });
    const kinds = events.json().data.data.map((e: { kind: string; detail: string | null }) => `${e.kind} ${e.detail}`);
    expect(kinds).toContain('sign_in with example');
    expect(kinds).toContain('sign_in with two-factor code');
  });

  it('links an existing account only through a verified e-mail', async () => {
    const local = await signUp(t.app, { email: 'has.password@example.test' });
    const unverified = await socialLogin({
      provider: 'example',
      id_token: await idToken({ sub: 'user-2', email: 'has.password@example.test', email_verified: false }),
    });
    expect(unverified.statusCode).toBe(422);

    const verified = await socialLogin({
      provider: 'example',
      id_token: await idToken({ sub: 'user-2', email: 'HAS.PASSWORD@example.test', email_verified: true }),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user.id).toBe(local.user.id);

    // Whoever registered the address with a password before (it was never proved theirs) is
    // shut out: their session ends and their password no longer signs in.
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(local.token) })).statusCode).toBe(401);
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: local.email, password: local.password },
    });
    expect(byPassword.statusCode).toBe(422);
    const social = verified.json().data.access_token;
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(social) })).statusCode).toBe(200);
  });

  it.each([
    [
      'signed by another key (forged)',
      () => idToken({ sub: 'x', email: 'x@example.test', email_verified: true }, { key: strangerKey }),
    ],
    [
      'expired',
      () =>
        idToken(
          { sub: 'x', email: 'x@example.test', email_verified: true },
          { expiresIn: Math.floor(Date.now() / 1000) - 600 },
        ),
    ],
    [
      'from another issuer',
      () => idToken({ sub: 'x', email: 'x@example.test', email_verified: true }, { issuer: 'https://evil.test' }),
    ],
    [
      'for another client',
      () => idToken({ sub: 'x', email: 'x@example.test', email_verified: true }, { audience: 'someone-else' }),
    ],
    ['with an unknown key id', () => idToken({ sub: 'x' }, { kid: 'nope' })],
    [
      'unsigned (alg none)',
      async () => `${b64({ alg: 'none' })}.${b64({ iss: ISSUER, aud: CLIENT_ID, sub: 'x', exp: 9_999_999_999 })}.`,
    ],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses a token %s with 401', async (_label, make) => {
    const res = await socialLogin({ provider: 'example', id_token: await make() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      status: false,
      message: authMessages.socialInvalid,
      code: 'social_token_invalid',
      errors: {},
    });
  });

  it('refuses a uid or nonce that does not match the token', async () => {
    const token = await idToken({ sub: 'user-3', email: 'three@example.test', email_verified: true, nonce: 'n-1' });
    expect((await socialLogin({ provider: 'example', id_token: token, uid: 'someone-else' })).statusCode).toBe(401);
    expect((await socialLogin({ provider: 'example', id_token: token, nonce: 'n-2' })).statusCode).toBe(401);
    expect((await socialLogin({ provider: 'example', id_token: token, nonce: 'n-1', uid: 'user-3' })).statusCode).toBe(
      200,
    );
  });

  it('answers an unknown provider with 404', async () => {
    const token = await idToken({ sub: 'user-4' });
    const res = await socialLogin({ provider: 'other', id_token: token });
    expect(res.statusCode).toBe(404);
  });
});

describe('without providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists none and answers social login with 404', async () => {
    expect((await t.app.inject({ url: '/api/auth/providers' })).json()).toEqual({
      status: true,
      data: { providers: [] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social-login',
      payload: { provider: 'example', id_token: await idToken({ sub: 'user-1' }) },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: false,
      message: authMessages.socialDisabled,
      code: 'social_provider_unavailable',
      errors: {},
    });
  });

  it('refuses a malformed OIDC_PROVIDERS at start-up', () => {
    expect(() => loadConfig({ OIDC_PROVIDERS: 'not json' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ id: 'x', name: 'X' }]) })).toThrow(
      /client_id|jwks_uri/,
    );
  });
});

function b64(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
