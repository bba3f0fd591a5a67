import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-database';
import { NO_LOAD_SHEDDING } from '../test/test-env';
import { captureLog } from '../test/test-support';
import { REDACTED, redactUrl } from './log-redaction';

const SIGNATURE = 'a3f1c9e07b5d42'.padEnd(64, 'e');
const QR = 'Qr7SeCrEtCoDe0123456789abcdef';

describe('redactUrl', () => {
  it("drops a download link's signature and keeps which line, user and expiry it was", () => {
    expect(redactUrl(`/api/downloads/12?user=3&expires=1767225600&signature=${SIGNATURE}`)).toBe(
      `/api/downloads/12?user=3&expires=1767225600&signature=${REDACTED}`,
    );
  });

  it('drops a QR code from the path of validate and from ?qr= of my-offer, API and storefront page', () => {
    expect(redactUrl(`/api/vendor-offers/qr-code/validate/${QR}`)).toBe(
      `/api/vendor-offers/qr-code/validate/${REDACTED}`,
    );
    expect(redactUrl(`/api/vendor-offers/vendor/corner-bakery/my-offer?qr=${QR}&offer=4`)).toBe(
      `/api/vendor-offers/vendor/corner-bakery/my-offer?qr=${REDACTED}&offer=4`,
    );
    expect(redactUrl(`/vendor/corner-bakery/my-offer?offer=4&qr=${QR}`)).toBe(
      `/vendor/corner-bakery/my-offer?offer=4&qr=${REDACTED}`,
    );
  });

  it('drops any token, whatever the case or encoding of its name, and every value of a repeated one', () => {
    expect(redactUrl('/x?Token=abc&id_token=def&access%5Ftoken=ghi&qr=1&qr=2')).toBe(
      `/x?Token=${REDACTED}&id_token=${REDACTED}&access%5Ftoken=${REDACTED}&qr=${REDACTED}&qr=${REDACTED}`,
    );
  });

  it('keeps a reset link to its path: no token, no address', () => {
    expect(redactUrl('/auth/reset-password/SeCrEt?email=who%40example.test')).toBe(`/auth/reset-password/${REDACTED}`);
  });

  it('keeps everything else as it came', () => {
    for (const url of ['/api/products?search=kept&page=2', '/api/health', '/vendor/x/my-offer', '/a?b', '/a?=x&&c=d']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('the request log', () => {
  let dataDir: string;
  let database: Database;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-log-'));
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps download signatures and QR codes out of the log, with the rest of each URL', async () => {
    const { stream, text } = captureLog();
    const config = loadConfig({
      NODE_ENV: 'production',
      GEOCODER: 'demo',
      DATA_DIR: dataDir,
      SERVE_APPS: 'false',
      ...NO_LOAD_SHEDDING,
    });
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    await app.ready();
    try {
      // Refused or not found, each is still logged as it came in.
      await app.inject({ url: `/api/downloads/12?user=3&expires=1767225600&signature=${SIGNATURE}` });
      await app.inject({ url: `/api/vendor-offers/qr-code/validate/${QR}` });
      await app.inject({ url: `/api/vendor-offers/vendor/corner-bakery/my-offer?qr=${QR}&offer=4` });
      await app.inject({ url: `/vendor/corner-bakery/my-offer?qr=${QR}` });
    } finally {
      await app.close();
    }
    const log = text();
    expect(log).toContain(`/api/downloads/12?user=3&expires=1767225600&signature=${REDACTED}`);
    expect(log).toContain(`/api/vendor-offers/qr-code/validate/${REDACTED}`);
    expect(log).toContain(`/api/vendor-offers/vendor/corner-bakery/my-offer?qr=${REDACTED}&offer=4`);
    expect(log).toContain(`/vendor/corner-bakery/my-offer?qr=${REDACTED}`);
    expect(log).not.toContain(SIGNATURE);
    expect(log).not.toContain(QR);
  });
});
