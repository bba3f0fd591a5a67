import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { isLoopbackHost, modeLine, safetyLine } from './dev-mode';

describe('development mode (reset links in the log, demo accounts)', () => {
  it('knows a loopback HOST in its usual spellings', () => {
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'localhost',
      'LOCALHOST',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '10.0.0.5',
      '192.0.2.1',
      '2001:db8::1',
      'parade.example',
      'localhost.example.com',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('listens on loopback by default, so a bare start is a laptop’s', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.logResetLinks).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(modeLine(config)).toMatch(/^Development mode: password reset links ARE written to this log/);
  });

  it('never logs reset links with SMTP_URL, on a reachable HOST or in production', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://relay.example:25' }).logResetLinks).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).logResetLinks).toBe(false);
    expect(loadConfig({ HOST: '203.0.113.7' }).logResetLinks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo' }).logResetLinks).toBe(false);
  });

  it('seeds demo accounts on a reachable HOST only when SEED_DEMO=true asks, and says so', () => {
    const reachable = loadConfig({ HOST: '0.0.0.0' });
    expect(reachable.seedDemo).toBe(false);
    expect(modeLine(reachable)).toBe(
      'Server mode: password reset links are never logged (HOST 0.0.0.0 is not loopback); no demo accounts are seeded.',
    );
    const asked = loadConfig({ HOST: '0.0.0.0', SEED_DEMO: 'true' });
    expect(asked.seedDemo).toBe(true);
    expect(modeLine(asked)).toContain('on a HOST others can reach, because SEED_DEMO=true');
    expect(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('names the reason reset links are not logged', () => {
    expect(modeLine(loadConfig({ SMTP_URL: 'smtp://relay.example:25' }))).toContain('mail goes out over SMTP_URL');
    expect(modeLine(loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo' }))).toBe(
      'Server mode: password reset links are never logged (NODE_ENV=production); no demo accounts are seeded.',
    );
  });
});

describe('the embedded database outside a laptop, and admins’ two-factor sign-in (decision 045)', () => {
  it('runs PGlite with fsync on, and requires admins’ two-factor sign-in, in production or on a reachable HOST; says which', () => {
    const laptop = loadConfig({});
    expect(laptop.pgliteFsync).toBe(false);
    expect(laptop.adminTwoFactor).toBe('optional');
    expect(safetyLine(laptop)).toBe(
      'Data: embedded database (PGlite) with fsync OFF: data survives a killed process, not a power cut or an operating-system crash (use PostgreSQL on a server); admins may use the admin pages without two-factor sign-in (ADMIN_TWO_FACTOR=optional, a laptop’s default).',
    );
    for (const server of [loadConfig({ HOST: '0.0.0.0' }), loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo' })]) {
      expect(server.pgliteFsync).toBe(true);
      expect(server.adminTwoFactor).toBe('required');
      expect(safetyLine(server)).toBe(
        'Data: embedded database (PGlite) with fsync on: every commit is on the disk before it is answered; admins must turn on two-factor sign-in before using the admin pages.',
      );
    }
    expect(safetyLine(loadConfig({ HOST: '0.0.0.0', DATABASE_URL: 'postgres://db.example/parade' }))).toMatch(
      /^Data: PostgreSQL \(DATABASE_URL\);/,
    );
  });

  it('refuses fsync off for PGlite on a server unless ALLOW_EMBEDDED_DB=true, naming the risk', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0', PGLITE_FSYNC: 'false' })).toThrow(/power cut.*ALLOW_EMBEDDED_DB=true/s);
    expect(loadConfig({ HOST: '0.0.0.0', PGLITE_FSYNC: 'false', ALLOW_EMBEDDED_DB: 'true' }).pgliteFsync).toBe(false);
    expect(
      loadConfig({ HOST: '0.0.0.0', PGLITE_FSYNC: 'false', DATABASE_URL: 'postgres://db.example/p' }).pgliteFsync,
    ).toBe(false);
    expect(loadConfig({ PGLITE_FSYNC: 'true' }).pgliteFsync).toBe(true);
  });

  it('never lets production make admins’ two-factor sign-in optional', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', GEOCODER: 'demo', ADMIN_TWO_FACTOR: 'optional' })).toThrow(
      /ADMIN_TWO_FACTOR/,
    );
    expect(loadConfig({ ADMIN_TWO_FACTOR: 'required' }).adminTwoFactor).toBe('required');
  });
});
