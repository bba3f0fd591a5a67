import { createECDH, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptWebPush, verifyVapid } from './push-service';

/** RFC 8291, Appendix A: the worked example of an encrypted push message (published test data). */
const rfc8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};
const bytes = (text: string) => Buffer.from(text, 'base64url');
const subscriber = { privateKey: bytes(rfc8291.uaPrivate), authSecret: bytes(rfc8291.authSecret) };

describe("the test push service's decryption (RFC 8291)", () => {
  it("reads RFC 8291's worked example", () => {
    expect(decryptWebPush(bytes(rfc8291.body), subscriber).toString('utf8')).toBe(rfc8291.plaintext);
  });

  it("is the example's own key pair", () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(subscriber.privateKey);
    expect(ecdh.getPublicKey().toString('base64url')).toBe(rfc8291.uaPublic);
  });

  it('refuses the example with another auth secret, a changed byte or another private key', () => {
    const body = bytes(rfc8291.body);
    expect(() => decryptWebPush(body, { ...subscriber, authSecret: Buffer.alloc(16, 1) })).toThrow();
    const tampered = Buffer.from(body);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] as number) ^ 1;
    expect(() => decryptWebPush(tampered, subscriber)).toThrow();
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(() => decryptWebPush(body, { ...subscriber, privateKey: other.getPrivateKey() })).toThrow();
  });
});

describe("the test push service's VAPID check (RFC 8292)", () => {
  const endpoint = 'https://127.0.0.1:4433/push/abc';
  const now = 1_800_000_000;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const k = Buffer.concat([Buffer.from([4]), bytes(jwk.x as string), bytes(jwk.y as string)]).toString('base64url');

  function token(claims: Record<string, unknown>, header: Record<string, unknown> = { typ: 'JWT', alg: 'ES256' }) {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part(header)}.${part(claims)}`;
    const signature = sign('sha256', Buffer.from(unsigned), { key: privateKey, dsaEncoding: 'ieee-p1363' });
    return `${unsigned}.${signature.toString('base64url')}`;
  }
  const good = { aud: 'https://127.0.0.1:4433', exp: now + 12 * 3600, sub: 'mailto:shop@example.com' };

  it('takes a token signed by k for the endpoint’s origin', () => {
    const checked = verifyVapid(`vapid t=${token(good)}, k=${k}`, endpoint, now);
    expect(checked).toEqual({ claims: good, publicKey: k });
  });

  it.each([
    ['no header', undefined, /vapid t=/],
    ['a bearer token', `Bearer ${token(good)}`, /vapid t=/],
    ['another aud', `vapid t=${token({ ...good, aud: 'https://elsewhere.example' })}, k=${k}`, /aud/],
    ['an expired token', `vapid t=${token({ ...good, exp: now - 1 })}, k=${k}`, /expired/],
    ['a token for more than 24 hours', `vapid t=${token({ ...good, exp: now + 25 * 3600 })}, k=${k}`, /24 hours/],
    ['no sub', `vapid t=${token({ aud: good.aud, exp: good.exp })}, k=${k}`, /sub/],
    ['another alg', `vapid t=${token(good, { typ: 'JWT', alg: 'HS256' })}, k=${k}`, /ES256/],
  ])('refuses %s', (_what, header, reason) => {
    expect(() => verifyVapid(header, endpoint, now)).toThrow(reason);
  });

  it('refuses a token that k did not sign', () => {
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(() =>
      verifyVapid(`vapid t=${token(good)}, k=${other.getPublicKey().toString('base64url')}`, endpoint, now),
    ).toThrow(/signature/);
    const [h, c] = token(good).split('.');
    const forged = `${h}.${c}.${Buffer.alloc(64, 7).toString('base64url')}`;
    expect(() => verifyVapid(`vapid t=${forged}, k=${k}`, endpoint, now)).toThrow(/signature/);
  });
});
