import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { ledgerClock } from './lib/clock';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, geocoder: 'demo', databaseUrl: undefined, seedDemo: true });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', RESET_TOKEN_TTL_SECONDS: '7200' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
    }
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('hashes at scrypt 2^15 unless told otherwise, and never below that in production', () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo', PASSWORD_HASH_COST: '17' }).passwordHashCost).toBe(
      17,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo', PASSWORD_HASH_COST: '14' })).toThrow(
      /PASSWORD_HASH_COST: at least 15 in production/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21' })).toThrow(/PASSWORD_HASH_COST/);
  });
});

describe('TEST_CLOCK_FILE', () => {
  it('moves the ledger clock in tests only: refused in development and production', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK_FILE: '/tmp/clock' }).testClockFile).toBe('/tmp/clock');
    expect(loadConfig({ NODE_ENV: 'test' }).testClockFile).toBeUndefined();
    expect(() => loadConfig({ TEST_CLOCK_FILE: '/tmp/clock' })).toThrow(/TEST_CLOCK_FILE: only under NODE_ENV=test/);
    expect(() => loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo', TEST_CLOCK_FILE: '/tmp/clock' })).toThrow(
      /TEST_CLOCK_FILE/,
    );
  });

  it("is the system's clock without the file, and runs ahead by the file's milliseconds with it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parade-clock-'));
    try {
      const file = path.join(dir, 'offset');
      const clock = ledgerClock(file);
      const real = Date.now();
      // No file yet: no offset (nothing older than the call can come back).
      expect(clock().getTime()).toBeGreaterThanOrEqual(real);
      writeFileSync(file, String(8 * 24 * 60 * 60 * 1000));
      expect(clock().getTime()).toBeGreaterThanOrEqual(real + 8 * 24 * 60 * 60 * 1000);
      writeFileSync(file, 'not a number');
      expect(clock().getTime()).toBeLessThan(real + 24 * 60 * 60 * 1000);
      expect(ledgerClock(undefined)().getTime()).toBeLessThan(real + 24 * 60 * 60 * 1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SEED_DEMO', () => {
  it('refuses to start production on the demo gazetteer unless GEOCODER=demo is set on purpose', () => {
    expect(loadConfig({}).geocoder).toBe('demo');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/GEOCODER: set GEOCODER=postcodes.io/);
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo' }).geocoder).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'postcodes.io' }).geocoder).toBe('postcodes.io');
  });

  it('seeds the demo marketplace by default, but not in production unless asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, and takes a hop count or the proxies by address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });

  it('refuses "true", which would let any client choose its own address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('serving and load-shedding settings', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config.compression).toEqual({ enabled: true, thresholdBytes: 1024 });
    expect(config.publicCache).toEqual({
      maxAgeSeconds: 30,
      staleWhileRevalidateSeconds: 60,
      // Whole public replies kept in memory for less than the browsers' max-age, bounded.
      replies: { ttlSeconds: 10, maxEntries: 2000, maxBytes: 16 * 1024 * 1024 },
    });
    expect(config.responseSerializer).toBe('validating');
    expect(config.dbStatementTimeoutMs).toBe(5000);
    expect(config.dbPoolWaitMs).toBe(2000);
    expect(config.pgliteWorker).toBe(true);
    expect(config.shedding).toMatchObject({ maxInFlight: 256, maxEventLoopDelayMs: 500, retryAfterSeconds: 5 });
  });

  it('compiles replies in production unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo' }).responseSerializer).toBe('compiled');
    expect(loadConfig({ RESPONSE_SERIALIZER: 'compiled' }).responseSerializer).toBe('compiled');
  });

  it('refuses nonsense', () => {
    expect(() => loadConfig({ RESPONSE_SERIALIZER: 'fast' })).toThrow(/RESPONSE_SERIALIZER/);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ SHED_MAX_IN_FLIGHT: 'lots' })).toThrow(/SHED_MAX_IN_FLIGHT/);
    expect(() => loadConfig({ PGLITE_WORKER: 'yes' })).toThrow(/PGLITE_WORKER/);
  });
});

describe('card payment settings', () => {
  it('points the Stripe SDK at STRIPE_API_URL by host, port and protocol, and at Stripe by default', () => {
    expect(loadConfig({}).stripeApi).toBeUndefined();
    expect(loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripeApi).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(loadConfig({ STRIPE_API_URL: 'https://stripe.internal' }).stripeApi).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });

  it('loads Stripe.js from Stripe unless STRIPE_JS_URL says otherwise', () => {
    expect(loadConfig({}).stripeJsUrl).toBe('https://js.stripe.com/v3/');
    expect(loadConfig({ STRIPE_JS_URL: 'http://127.0.0.1:9/v3/' }).stripeJsUrl).toBe('http://127.0.0.1:9/v3/');
  });

  it('releases unpaid card checkouts after 30 minutes, sweeping every minute (never under test unless asked)', () => {
    expect(loadConfig({})).toMatchObject({ cardPaymentTimeoutMinutes: 30, cardPaymentSweepSeconds: 60 });
    expect(loadConfig({ NODE_ENV: 'test' }).cardPaymentSweepSeconds).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', CARD_PAYMENT_SWEEP_SECONDS: '5' }).cardPaymentSweepSeconds).toBe(5);
    expect(loadConfig({ CARD_PAYMENT_TIMEOUT_MINUTES: '45' }).cardPaymentTimeoutMinutes).toBe(45);
    expect(() => loadConfig({ CARD_PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow(ConfigError);
  });
});

describe('STORAGE_URL', () => {
  it('keeps files on local disk under DATA_DIR by default, and sweeps hourly outside tests', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({}).storageSweep).toEqual({ sweepMinutes: 60, graceMinutes: 1440 });
    expect(loadConfig({ NODE_ENV: 'test' }).storageSweep.sweepMinutes).toBe(0);
  });

  it('names an S3-compatible bucket, its endpoint and region, with the credentials of the AWS variables', () => {
    expect(
      loadConfig({
        STORAGE_URL: 's3://parade-files?endpoint=http://127.0.0.1:9000&region=auto',
        AWS_ACCESS_KEY_ID: 'key',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'parade-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret', sessionToken: undefined },
    });
    // AWS S3 itself: no endpoint, the region from AWS_REGION, credentials from the SDK's own chain.
    expect(loadConfig({ STORAGE_URL: 's3://parade-files', AWS_REGION: 'eu-west-2' }).storage).toEqual({
      kind: 's3',
      bucket: 'parade-files',
      endpoint: undefined,
      region: 'eu-west-2',
    });
  });

  it('stops with a message that says what to write', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ STORAGE_URL: 'parade-files' }, /STORAGE_URL: is not a URL: write s3:\/\/bucket\?endpoint=/],
      [{ STORAGE_URL: 'https://parade-files.example' }, /STORAGE_URL: only s3:\/\/ stores/],
      [{ STORAGE_URL: 's3://Parade_Files' }, /not a bucket name/],
      [{ STORAGE_URL: 's3://key:secret@parade-files' }, /holds credentials: set AWS_ACCESS_KEY_ID/],
      [{ STORAGE_URL: 's3://parade-files/some/prefix' }, /names a bucket only/],
      [
        { STORAGE_URL: 's3://parade-files?endpoint=127.0.0.1:9000' },
        /endpoint "127.0.0.1:9000" is not an http\(s\) URL/,
      ],
      [{ STORAGE_URL: 's3://parade-files?bucket=x' }, /"bucket" is not an option/],
      [{ STORAGE_URL: 's3://parade-files', AWS_ACCESS_KEY_ID: 'key' }, /AWS_SECRET_ACCESS_KEY: set both or neither/],
    ];
    for (const [env, message] of refusals) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});

describe('REDIS_URL', () => {
  it('is optional, and names a Redis by a redis:// or rediss:// URL', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '  ' }).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://user:pw@cache.example:6380/0' }).redisUrl).toBe(
      'rediss://user:pw@cache.example:6380/0',
    );
  });

  it('stops with a message that says what to write', () => {
    for (const value of ['127.0.0.1:6379', 'http://cache.example', 'redis://']) {
      expect(() => loadConfig({ REDIS_URL: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ REDIS_URL: value }), value).toThrow(/REDIS_URL.*redis:\/\/ or rediss:\/\/ URL/);
    }
  });
});

describe('rolling restart settings', () => {
  it('migrates at start, sweeps the outbox every minute and gives a shutdown 25 s with no delay by default', () => {
    expect(loadConfig({})).toMatchObject({
      migrateOnStart: true,
      mailSweepSeconds: 60,
      shutdown: { graceMs: 25_000, delayMs: 0 },
    });
    expect(
      loadConfig({
        MIGRATE_ON_START: 'false',
        MAIL_SWEEP_SECONDS: '0',
        SHUTDOWN_GRACE_MS: '9000',
        SHUTDOWN_DELAY_MS: '3000',
      }),
    ).toMatchObject({ migrateOnStart: false, mailSweepSeconds: 0, shutdown: { graceMs: 9000, delayMs: 3000 } });
  });

  it('refuses a shutdown delay that leaves no time to finish, and a yes/no that is neither', () => {
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '5000', SHUTDOWN_DELAY_MS: '5000' })).toThrow(
      /SHUTDOWN_DELAY_MS: must be shorter than SHUTDOWN_GRACE_MS/,
    );
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '10' })).toThrow(ConfigError);
  });
});

describe('account security settings (decision 045)', () => {
  it('takes TWO_FACTOR_KEY as 64 hex digits, and refuses anything else', () => {
    expect(loadConfig({ TWO_FACTOR_KEY: 'AB'.repeat(32) }).twoFactorKey).toBe('ab'.repeat(32));
    expect(loadConfig({}).twoFactorKey).toBeUndefined();
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'too short' })).toThrow(/TWO_FACTOR_KEY: must be 64 hex digits/);
  });
});
