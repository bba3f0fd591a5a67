import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { isLoopbackHost, modeLine } from './dev-mode';

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
