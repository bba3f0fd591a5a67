import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { distanceInMiles } from './geocoder';

async function setBase(t: TestApp, postcode: string, radius = '3') {
  await t.database.db
    .insert(siteSettings)
    .values([
      { key: 'postcode', value: postcode },
      { key: 'delivery_radius_miles', value: radius },
    ])
    .onConflictDoNothing();
}

async function setRadius(t: TestApp, miles: string) {
  await t.database.db.update(siteSettings).set({ value: miles }).where(eq(siteSettings.key, 'delivery_radius_miles'));
}

describe('distance', () => {
  it('measures great-circle miles', () => {
    // Whitechapel to Manchester is about 163 miles as the crow flies.
    const miles = distanceInMiles({ latitude: 51.5177, longitude: -0.0655 }, { latitude: 53.479, longitude: -2.24 });
    expect(miles).toBeGreaterThan(155);
    expect(miles).toBeLessThan(170);
  });
});

describe('with the demo gazetteer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await setBase(t, 'E1 6AN');
  });
  afterAll(() => t.close());

  it('suggests valid postcodes for 3+ characters in the contract shape', async () => {
    const res = await t.app.inject({ url: '/api/address-autocomplete?input=e1%206' });
    expect(res.statusCode).toBe(200);
    const predictions = res.json().data.autocomplete_response.predictions;
    expect(predictions.length).toBeGreaterThan(0);
    for (const p of predictions) {
      expect(p.place_id).toMatch(/^E1 6/);
      expect(p.structured_formatting.main_text).toBe(p.place_id);
      expect(p.structured_formatting.secondary_text).toContain('Tower Hamlets');
      expect(p.description).toBe(`${p.place_id}, ${p.structured_formatting.secondary_text}`);
    }
  });

  it('refuses fewer than 3 characters', async () => {
    const res = await t.app.inject({ url: '/api/address-autocomplete?input=E1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.input).toBeDefined();
  });

  it('allows delivery to a postcode within the radius', async () => {
    const res = await t.app.inject({ url: '/api/get-distance?postcode=e2%206dg&raw=0' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ postcode: 'E2 6DG', allowed: true, radius_miles: 3 });
    expect(res.json().data.distance_miles).toBeLessThan(3);
  });

  it('reads the radius from the delivery_radius_miles setting', async () => {
    const at = async () => (await t.app.inject({ url: '/api/get-distance?postcode=E2%206DG&raw=1' })).json().data;
    const { distance_miles: miles } = await at();
    try {
      await setRadius(t, String(miles / 2));
      expect(await at()).toMatchObject({ allowed: false, radius_miles: miles / 2 });
      // 0 is a radius too: no delivery at all, not the default.
      await setRadius(t, '0');
      expect(await at()).toMatchObject({ allowed: false, radius_miles: 0 });
      await setRadius(t, String(miles + 0.5));
      expect(await at()).toMatchObject({ allowed: true });
    } finally {
      await setRadius(t, '3');
    }
  });

  it('refuses delivery outside the radius', async () => {
    const res = await t.app.inject({ url: '/api/get-distance?postcode=M1%201AE' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ postcode: 'M1 1AE', allowed: false });
    expect(res.json().data.distance_miles).toBeGreaterThan(100);
  });

  it('answers an invalid postcode with the spec messages', async () => {
    const res = await t.app.inject({ url: '/api/get-distance?postcode=E1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.postcode).toEqual(['PLEASE SELECT A VALID POSTCODE, "E1" IS NOT VALID']);
  });

  it('answers a postcode the geocoder does not know as not valid', async () => {
    const res = await t.app.inject({ url: '/api/get-distance?postcode=ZZ9%209ZZ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('PLEASE SELECT A VALID POSTCODE, "ZZ9 9ZZ" IS NOT VALID');
    expect(res.json().errors.postcode).toEqual(['PLEASE SELECT A VALID POSTCODE, "ZZ9 9ZZ" IS NOT VALID']);
  });
});

/** A local server that answers like postcodes.io for a handful of postcodes. */
function fakePostcodesIo(): Promise<{ server: Server; url: string; hits: string[] }> {
  const known: Record<string, { latitude: number; longitude: number; admin_ward: string; admin_district: string }> = {
    'E1 6AN': {
      latitude: 51.5181,
      longitude: -0.0723,
      admin_ward: 'Spitalfields & Banglatown',
      admin_district: 'Tower Hamlets',
    },
    'E1 6QL': {
      latitude: 51.5174,
      longitude: -0.0705,
      admin_ward: 'Spitalfields & Banglatown',
      admin_district: 'Tower Hamlets',
    },
    'M1 1AE': { latitude: 53.4794, longitude: -2.2453, admin_ward: 'Piccadilly', admin_district: 'Manchester' },
    'E1 7ZZ': { latitude: Number.NaN, longitude: Number.NaN, admin_ward: 'x', admin_district: 'x' },
    // Not a valid-looking postcode (three words): the API must leave it out of the suggestions.
    'E1 6 ZZ': { latitude: 51.5175, longitude: -0.07, admin_ward: 'Odd data', admin_district: 'Tower Hamlets' },
  };
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://x');
    const parts = url.pathname.split('/').map(decodeURIComponent);
    const result = (pc: string) => {
      const match = Object.keys(known).find((k) => k.replace(' ', '') === pc.replace(/\s/g, '').toUpperCase());
      return match ? { postcode: match, ...known[match] } : null;
    };
    if (req.method === 'GET' && parts[1] === 'postcodes' && parts[3] === 'autocomplete') {
      const prefix = (parts[2] ?? '').replace(/\s/g, '').toUpperCase();
      const list = Object.keys(known).filter((k) => k.replace(' ', '').startsWith(prefix));
      return send(200, { status: 200, result: list.length ? list : null });
    }
    if (req.method === 'GET' && parts[1] === 'postcodes' && parts[2]) {
      if (parts[2].startsWith('FAIL')) return send(500, { status: 500, error: 'boom' });
      if (parts[2].startsWith('HTML')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      }
      const found = result(parts[2]);
      return found
        ? send(200, { status: 200, result: found })
        : send(404, { status: 404, error: 'Postcode not found' });
    }
    if (req.method === 'POST' && url.pathname === '/postcodes') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const { postcodes } = JSON.parse(body) as { postcodes: string[] };
        send(200, { status: 200, result: postcodes.map((q) => ({ query: q, result: result(q) })) });
      });
      return;
    }
    send(404, { status: 404, error: 'Resource not found' });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits }),
    ),
  );
}

describe('with postcodes.io', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakePostcodesIo>>;
  beforeAll(async () => {
    fake = await fakePostcodesIo();
    t = await buildTestApp({ env: { GEOCODER: 'postcodes.io', POSTCODES_IO_URL: fake.url } });
    await setBase(t, 'E1 6AN');
  });
  afterAll(async () => {
    await t.close();
    fake.server.close();
  });

  it('autocompletes through the real HTTP client, keeping only valid-looking postcodes', async () => {
    const res = await t.app.inject({ url: '/api/address-autocomplete?input=E1%206' });
    expect(res.statusCode).toBe(200);
    const predictions = res.json().data.autocomplete_response.predictions;
    expect(predictions.map((p: { place_id: string }) => p.place_id)).toEqual(['E1 6AN', 'E1 6QL']);
    expect(predictions[0].structured_formatting.secondary_text).toBe('Spitalfields & Banglatown, Tower Hamlets');
    expect(fake.hits).toContain('GET /postcodes/E1%206/autocomplete?limit=10');
  });

  it('measures distance with the looked-up coordinates', async () => {
    const near = await t.app.inject({ url: '/api/get-distance?postcode=E1%206QL' });
    expect(near.json().data).toMatchObject({ postcode: 'E1 6QL', allowed: true });
    const far = await t.app.inject({ url: '/api/get-distance?postcode=M1%201AE' });
    expect(far.json().data).toMatchObject({ postcode: 'M1 1AE', allowed: false });
  });

  it('answers an unknown postcode (404 upstream) as not valid', async () => {
    const res = await t.app.inject({ url: '/api/get-distance?postcode=E1%209XX' });
    expect(res.statusCode).toBe(422);
  });

  it('answers an upstream failure with 503 and the generic message', async () => {
    const res = await t.app.inject({ url: '/api/get-distance?postcode=FAIL%201AA' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: false,
      message: 'Something went wrong, Please Try Again Later',
      code: 'service_unavailable',
      errors: {},
    });
    const notJson = await t.app.inject({ url: '/api/get-distance?postcode=HTML%201AA' });
    expect(notJson.statusCode).toBe(503);
  });
});

describe('with postcodes.io redirecting elsewhere', () => {
  let t: TestApp;
  let elsewhere: Awaited<ReturnType<typeof fakePostcodesIo>>;
  let redirecting: Server;
  const redirected: string[] = [];
  beforeAll(async () => {
    // A working stand-in, reachable only by following the redirect.
    elsewhere = await fakePostcodesIo();
    redirecting = createServer((req, res) => {
      redirected.push(`${req.method} ${req.url}`);
      res.writeHead(302, { location: `${elsewhere.url}${req.url}` });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    t = await buildTestApp({ env: { GEOCODER: 'postcodes.io', POSTCODES_IO_URL: url } });
    await setBase(t, 'E1 6AN');
  });
  afterAll(async () => {
    await t.close();
    redirecting.close();
    elsewhere.server.close();
  });

  it('never follows a redirect: the geocoder is unavailable (503) and the other server is never asked', async () => {
    const distance = await t.app.inject({ url: '/api/get-distance?postcode=E1%206QL' });
    expect(distance.statusCode).toBe(503);
    expect(distance.json()).toMatchObject({ status: false, code: 'service_unavailable' });
    const suggestions = await t.app.inject({ url: '/api/address-autocomplete?input=E1%206' });
    expect(suggestions.statusCode).toBe(503);
    // Each call reached the redirecting server (the shop's own postcode is looked up first) and stopped there.
    expect(redirected).toContain('GET /postcodes/E1%206/autocomplete?limit=10');
    expect(elsewhere.hits).toEqual([]);
  });
});
