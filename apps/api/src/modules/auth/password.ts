import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptNow = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * Hashes computed at once by this process. Each holds 128 * N * r bytes while it runs (32 MiB at
 * the default cost), and Node runs up to four on its thread pool: a burst of sign-ins once took
 * 128 MiB of resident memory on top of the server's. Two use both cores of the machine it runs
 * on; the others wait their turn (docs/decisions/037).
 */
export const HASHES_AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(...args: Parameters<typeof scryptNow>): Promise<Buffer> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await scryptNow(...args);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Hashes running now (tests). */
export const hashesRunning = () => running;

/**
 * scrypt's cost as a power of two (N = 2^cost). OWASP's floor (N=2^17, r=8, p=1) costs ~128 MiB
 * per hash; 2^15 keeps a login around 50-100 ms on two cores while staying far above brute-force
 * comfort. The parameters are stored with each hash, so they can be raised later without
 * breaking old hashes. PASSWORD_HASH_COST sets it (config.ts; never below this in production).
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;

/** Hash a password as `scrypt$N$r$p$salt$hash` (base64 parts), with N = 2^cost. */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, nText, rText, pText, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const params = { N: Number(nText), r: Number(rText), p: Number(pText) };
  if (!Number.isInteger(params.N) || !Number.isInteger(params.r) || !Number.isInteger(params.p)) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64'), expected.length, {
    ...params,
    maxmem: 256 * params.N * params.r,
  });
  return timingSafeEqual(actual, expected);
}
