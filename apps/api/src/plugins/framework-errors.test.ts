import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signUpAs } from '../test/manage-fixtures';
import { bearer, signUp } from '../test/test-support';

/**
 * Fastify's and Node's own refusals leave in the envelope (issue 14): those raised while routing
 * (a URL that does not decode, an over-long path parameter), those of the body parsers (too
 * large, unsupported type, a Content-Length the body does not match), and those Node's HTTP
 * parser answers on the raw socket before any request exists (a bad or contradictory
 * Content-Length, headers over the limit, a timed-out request). The raw ones are sent over a
 * real socket to a listening server, as app.inject cannot produce them.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => t?.close());

function expectEnvelope(body: unknown, code: string) {
  expect(body).toEqual({ status: false, message: expect.any(String), code, errors: {} });
}

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes the bytes on a fresh connection and reads the one answer until the server closes it. */
function raw(request: string | Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

function expectRawEnvelope(reply: RawReply, status: number, code: string) {
  expect(reply.status, reply.body).toBe(status);
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));
  expectEnvelope(JSON.parse(reply.body), code);
}

describe('while routing', () => {
  it('answers a URL that does not decode with 400 invalid_url', async () => {
    for (const url of ['/api/products/%E0%A4%A', '/api/shop/%E0%A4%A', '/api/shop/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectEnvelope(res.json(), 'invalid_url');
    }
    // And through a real socket, as a client sends it.
    expectRawEnvelope(
      await raw('GET /api/shop/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      400,
      'invalid_url',
    );
  });

  it('answers a path parameter over the router limit with 414 url_too_long', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/${'a'.repeat(101)}` });
    expect(res.statusCode, res.body).toBe(414);
    expectEnvelope(res.json(), 'url_too_long');
    // The longest parameter the router takes is still routed (an unknown shop: 404 in the envelope).
    const longest = await t.app.inject({ method: 'GET', url: `/api/shop/${'a'.repeat(100)}` });
    expect(longest.statusCode).toBe(404);
    expect(longest.json()).toMatchObject({ status: false });
  });
});

describe('while reading the body', () => {
  it('answers a body over the limit with 413 payload_too_large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ search: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(res.statusCode, res.body).toBe(413);
    expectEnvelope(res.json(), 'payload_too_large');
  });

  it('answers a content type the call does not take with 415 unsupported_media_type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/xml' },
      payload: '<search>jam</search>',
    });
    expect(res.statusCode, res.body).toBe(415);
    expectEnvelope(res.json(), 'unsupported_media_type');
  });

  it('takes a JSON content type with no body as a call without one', async () => {
    const { token } = await signUp(t.app);
    const bodyless = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(bodyless.statusCode, bodyless.body).toBe(200);
    const needsOne = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json' },
    });
    expect(needsOne.statusCode, needsOne.body).toBe(422);
    expect(needsOne.json()).toMatchObject({ status: false, code: 'validation_failed' });
    // A body that is there must still be JSON, and never one that poisons a prototype.
    for (const payload of ['{"search":', '{"__proto__":{"admin":true},"search":"jam"}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('words a rule without a message of its own plainly: a missing field is required', async () => {
    const { token } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/reviews',
      headers: bearer(token),
      payload: { rating: 'five' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.order_item_id).toEqual(['This field is required.']);
    expect(JSON.stringify(res.json().errors)).not.toMatch(/Invalid input|expected \w+, received/);
  });

  it('takes JSON only: text/plain anywhere, and a form anywhere but the one-click unsubscribe, is 415', async () => {
    const { token } = await signUp(t.app);
    for (const [url, type, payload] of [
      ['/api/search', 'text/plain', 'jam'],
      ['/api/user/favourites', 'text/plain', '{"product_id":1}'],
      ['/api/user/reviews', 'application/x-www-form-urlencoded', 'order_item_id=1&rating=5&body=x'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${url} ${type}: ${res.body}`).toBe(415);
      expectEnvelope(res.json(), 'unsupported_media_type');
    }
    // A form sent to a JSON call of a plugin that takes uploads elsewhere is refused alike, and
    // the upload calls beside it still take forms.
    const vendor = await signUpAs(t.app, t.database, 'vendor');
    const form = '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMP\r\n--x--\r\n';
    for (const [method, url] of [
      ['POST', '/api/vendor/products'],
      ['POST', '/api/vendor/products/bulk-stock'],
      ['POST', '/api/vendor-offers/vendor/claims/1/confirm'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...bearer(vendor.token), 'content-type': 'multipart/form-data; boundary=x' },
        payload: form,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(415);
      expectEnvelope(res.json(), 'unsupported_media_type');
    }
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-profile',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nForm Sender\r\n--x--\r\n',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    // RFC 8058's one-click POST is a form: taken (and refused for its forged token, not its type).
    const oneClick = await t.app.inject({
      method: 'POST',
      url: '/api/review-mails/unsubscribe?token=forged',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(422);
    expect(oneClick.json().errors.token).toBeDefined();
  });

  it('answers a body shorter than its Content-Length with 400 bad_request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { 'content-type': 'application/json', 'content-length': '40' },
      payload: '{"search":"jam"}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expectEnvelope(res.json(), 'bad_request');
  });
});

describe('on the raw socket, before Fastify has a request', () => {
  const post = (headers: string, body = '{"search":"jam"}') =>
    raw(`POST /api/search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n${body}`);

  it('answers a bad or contradictory Content-Length with 400 bad_request', async () => {
    for (const headers of [
      'Content-Length: abc\r\n',
      'Content-Length: -5\r\n',
      'Content-Length: 16\r\nContent-Length: 17\r\n',
      'Content-Length: 16\r\nTransfer-Encoding: chunked\r\n',
    ]) {
      expectRawEnvelope(await post(headers), 400, 'bad_request');
    }
  });

  it('answers a malformed request line with 400 bad_request', async () => {
    expectRawEnvelope(await raw('GET /api/products HTTP/9.9 extra\r\n\r\n'), 400, 'bad_request');
  });

  it('answers headers over the size limit with 431 headers_too_large', async () => {
    const reply = await raw(`GET /api/products HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    expectRawEnvelope(reply, 431, 'headers_too_large');
  });

  it('answers a request Node timed out with 408 request_timeout', async () => {
    // Node raises this after REQUEST_TIMEOUT_MS, checked every 30 s: the test raises it itself,
    // on a real connection, the way Node's server does.
    const serverSide = new Promise<net.Socket>((resolve) => t.app.server.once('connection', resolve));
    const reply = new Promise<RawReply>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n');
        const headers: Record<string, string> = {};
        for (const line of head.split('\r\n').slice(1)) {
          const at = line.indexOf(':');
          headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
        }
        resolve({ status: Number(head.split(' ')[1]), headers, body });
      });
      socket.write('POST /api/search HTTP/1.1\r\nHost: x\r\n');
    });
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    t.app.server.emit('clientError', timeout, await serverSide);
    expectRawEnvelope(await reply, 408, 'request_timeout');
  });
});
