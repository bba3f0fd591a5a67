import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
