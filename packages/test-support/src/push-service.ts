/**
 * A local push service for tests only, speaking the real Web Push protocol, so the API's pushes
 * (sent with the `web-push` library) are proven the way a browser vendor's service would take
 * them, and then read the way the browser would:
 *
 *   - RFC 8030: a push is `POST <endpoint>` with a `TTL` header; 201 Created when accepted.
 *   - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`. The JWT must be ES256,
 *     its signature good under `k`, `aud` the endpoint's origin, `exp` in the future and at most
 *     24 hours ahead, `sub` a mailto: or https: contact; `k` must be the key the subscription
 *     was made with (`expectVapidKey`), as a real service remembers the applicationServerKey.
 *   - RFC 8291 + RFC 8188: `Content-Encoding: aes128gcm`; the body is decrypted here with the
 *     subscriber's private key and auth secret (ECDH P-256, HKDF-SHA-256, AES-128-GCM), all with
 *     node:crypto; nothing of web-push is used to read it.
 *
 * A push that fails any check is answered 400/401/403 and kept in `refusals` with the reason
 * (a test expects none); one that passes is kept in `received` with its decrypted text and JSON.
 * `answer(endpoint, 410)` makes the service say a subscription is gone, as a browser's service
 * does once the user revokes it.
 *
 * It is served over HTTPS (web-push speaks nothing else) with a self-signed certificate for
 * 127.0.0.1 and localhost, made once for these tests with:
 *   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 \
 *     -subj "/CN=Parade test push service" -addext "subjectAltName=IP:127.0.0.1,DNS:localhost"
 * `agent` trusts it (and nothing else): hand it to the API (buildApp's `pushAgent`).
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

// Test-only: this key protects nothing but a loopback server during a test run.
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgsQlgQxbMyQ2eVTDI
ceB2ecUGez8a/+sk4X2U8nGrC3ahRANCAAQjfZKOReMyFohs1QcvTXYZWtnWOv4X
1wp4vbpPmRNBpXGWpY34AqY5PQh/fsFVgOXU73HAA0aRlcTX8fMKzqpf
-----END PRIVATE KEY-----
`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBuTCCAV+gAwIBAgIUHoAvhvNNS6IE4h68ANoq3ql/M/AwCgYIKoZIzj0EAwIw
IzEhMB8GA1UEAwwYUGFyYWRlIHRlc3QgcHVzaCBzZXJ2aWNlMCAXDTI2MTEyNjIz
MDMyM1oYDzIxMjYxMTAyMjMwMzIzWjAjMSEwHwYDVQQDDBhQYXJhZGUgdGVzdCBw
dXNoIHNlcnZpY2UwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQjfZKOReMyFohs
1QcvTXYZWtnWOv4X1wp4vbpPmRNBpXGWpY34AqY5PQh/fsFVgOXU73HAA0aRlcTX
8fMKzqpfo28wbTAdBgNVHQ4EFgQUH07wcdqwLtjxcg0vQI3m0wwF7A8wHwYDVR0j
BBgwFoAUH07wcdqwLtjxcg0vQI3m0wwF7A8wGgYDVR0RBBMwEYcEfwAAAYIJbG9j
YWxob3N0MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSAAwRQIgHjQlBNLR
Ipkk96wcKheHxEmeUKCd/jLmPXaplEzuNtgCIQDPcwv6Nr4AKwfTKGqV1HvbcPsd
KsQasO29uSLQbN5HFg==
-----END CERTIFICATE-----
`;

/** VAPID allows a token to live 24 hours at most (RFC 8292 §2). */
const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * Decrypts an `aes128gcm` Web Push message (RFC 8291 §3.4, RFC 8188 §2) as the browser does:
 * the header gives the salt, record size and the sender's ephemeral public key; the key and
 * nonce come from ECDH with the subscriber's private key, mixed with its auth secret by HKDF.
 * Throws when anything does not add up (a wrong key fails the GCM tag).
 */
export function decryptWebPush(body: Buffer, subscriber: { privateKey: Buffer; authSecret: Buffer }): Buffer {
  if (body.length < 21 + 65 + 17) throw new Error('body too short for an aes128gcm push message');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] as number;
  if (keyIdLength !== 65) throw new Error(`keyid is ${keyIdLength} bytes, not the sender's 65-byte public key`);
  const senderPublic = body.subarray(21, 21 + 65);
  const ciphertext = body.subarray(21 + 65);
  // RFC 8291 §4: a push message is a single record.
  if (ciphertext.length > recordSize) throw new Error('a push message must be one record');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscriber.privateKey);
  const subscriberPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(senderPublic);

  // IKM = HKDF(salt = auth_secret, ikm = ecdh_secret, info = "WebPush: info" 0x00 ua_public as_public, 32)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), subscriberPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscriber.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12));

  // The first (and only) record's nonce is the derived one XOR 0.
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // Content, then the delimiter (2 = last record), then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 2) throw new Error('the last record must end with delimiter 0x02');
  return padded.subarray(0, end);
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks a VAPID `Authorization` header (RFC 8292 §3) for a push to `endpoint` at `nowSeconds`;
 * returns its claims and key, or throws with the reason.
 */
export function verifyVapid(
  authorization: string | undefined,
  endpoint: string,
  nowSeconds: number,
): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw new Error('Authorization is not "vapid t=..., k=..."');
  const params = new Map(
    (match[1] as string).split(',').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name?.trim() ?? '', value.join('=').trim()] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Error('vapid needs both t and k');

  const publicKey = Buffer.from(key, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new Error('k is not an uncompressed P-256 public key');
  const [headerPart, claimsPart, signaturePart, ...extra] = token.split('.');
  if (!headerPart || !claimsPart || !signaturePart || extra.length > 0) throw new Error('t is not a JWS');
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as { alg?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg is ${header.alg}, not ES256`);
  const verifier = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(publicKey.subarray(1, 33)), y: b64url(publicKey.subarray(33)) },
    format: 'jwk',
  });
  const signed = verifySignature(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`, 'latin1'),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw new Error('JWT signature does not verify under k');

  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8')) as Partial<VapidClaims>;
  const origin = new URL(endpoint).origin;
  if (claims.aud !== origin) throw new Error(`JWT aud is ${claims.aud}, not the endpoint's origin ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) throw new Error('JWT has expired (or has no exp)');
  if (claims.exp > nowSeconds + MAX_TOKEN_LIFETIME_SECONDS) throw new Error('JWT exp is more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Error('JWT sub is not a mailto: or https: contact');
  }
  return { claims: claims as VapidClaims, publicKey: key };
}

/** A device subscribed like a browser: its endpoint, the keys it hands the site, and its own secrets. */
export interface TestPushSubscription {
  endpoint: string;
  /** What PushSubscription.toJSON() gives: post this to the API. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload. */
  text: string;
  /** The payload as JSON, when it is JSON. */
  json: unknown;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  claims: VapidClaims;
}

export interface PushRefusal {
  endpoint: string;
  status: number;
  reason: string;
}

export interface PushService {
  /** `https://127.0.0.1:<port>` */
  origin: string;
  /** An HTTPS agent that trusts this service's certificate (and only it). */
  agent: Agent;
  /** A new device: a fresh P-256 key pair and 16-byte auth secret, and an endpoint on this service. */
  subscribe(): TestPushSubscription;
  /** The VAPID public key pushes must carry in `k` (the applicationServerKey the devices used). */
  expectVapidKey(publicKey: string): void;
  /** From now on, answer pushes to this endpoint with this status (e.g. 410 Gone) and read nothing. */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  refusals: PushRefusal[];
  /** Every push request that reached the service, whatever it was answered. */
  requests: { endpoint: string; status: number }[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, TestPushSubscription>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refusals: PushRefusal[] = [];
  const requests: { endpoint: string; status: number }[] = [];
  let expectedKey: string | null = null;
  let origin = '';

  const server = createServer({ key: TLS_KEY, cert: TLS_CERT }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const reply = (status: number, reason?: string) => {
        requests.push({ endpoint, status });
        if (reason) refusals.push({ endpoint, status, reason });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(reason ?? '');
      };
      const device = devices.get(endpoint);
      if (request.method !== 'POST') return reply(405, `${request.method} is not a push`);
      if (!device) return reply(404, 'no such subscription');
      const told = answers.get(endpoint);
      if (told) return reply(told);

      let vapid: ReturnType<typeof verifyVapid>;
      try {
        vapid = verifyVapid(request.headers.authorization, endpoint, Math.floor(Date.now() / 1000));
      } catch (error) {
        return reply(401, (error as Error).message);
      }
      if (expectedKey === null) return reply(403, 'the test did not say which VAPID key to expect');
      if (vapid.publicKey !== expectedKey) return reply(403, 'k is not the key the subscription was made with');
      const ttl = request.headers.ttl;
      if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return reply(400, 'TTL header missing or not a number');
      if (request.headers['content-encoding'] !== 'aes128gcm') return reply(415, 'Content-Encoding is not aes128gcm');

      let text: string;
      try {
        text = decryptWebPush(Buffer.concat(chunks), device).toString('utf8');
      } catch (error) {
        return reply(400, `cannot decrypt: ${(error as Error).message}`);
      }
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {}
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : null;
      };
      received.push({
        endpoint,
        text,
        json,
        ttl: Number(ttl),
        topic: header('topic'),
        urgency: header('urgency'),
        claims: vapid.claims,
      });
      reply(201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: TLS_CERT, keepAlive: false });

  return {
    origin,
    agent,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      const device: TestPushSubscription = {
        endpoint,
        json: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) },
        },
        privateKey: ecdh.getPrivateKey(),
        authSecret,
      };
      devices.set(endpoint, device);
      return device;
    },
    expectVapidKey(publicKey) {
      expectedKey = publicKey;
    },
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    received,
    refusals,
    requests,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
