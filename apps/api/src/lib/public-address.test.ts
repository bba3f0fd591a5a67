import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup } from './public-address';

describe('public addresses', () => {
  it.each(['8.8.8.8', '142.250.187.238', '2a00:1450:4009:81f::200e', '::ffff:8.8.4.4'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    'localhost',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('refuses a name that resolves to this machine', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('ENOTPUBLIC');
  });
});
