import { createHmac } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * A phone's authenticator app, for the browser specs of two-factor sign-in (docs/decisions/045):
 * reads the QR code a page shows and computes its codes by RFC 6238 itself (HMAC-SHA1, 6 digits,
 * 30 s), independently of the server's library.
 */

/** The text of the QR code in a PNG (a page's `data:image/png;base64,…` src, or its bytes). */
export function readQrCode(png: string | Buffer): string | null {
  const bytes = typeof png === 'string' ? Buffer.from(png.replace(/^data:image\/png;base64,/, ''), 'base64') : png;
  const image = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** The base32 secret of an `otpauth://totp/…?secret=…` URL, after checking it asks for what RFC 6238 codes here make. */
export function secretOf(otpauthUrl: string): string {
  const url = new URL(otpauthUrl);
  if (url.protocol !== 'otpauth:' || url.host !== 'totp') throw new Error(`Not a TOTP URL: ${otpauthUrl}`);
  const algorithm = url.searchParams.get('algorithm') ?? 'SHA1';
  const digits = url.searchParams.get('digits') ?? '6';
  const period = url.searchParams.get('period') ?? '30';
  if (algorithm !== 'SHA1' || digits !== '6' || period !== '30') {
    throw new Error(`Unexpected TOTP parameters: ${algorithm}, ${digits} digits, ${period} s`);
  }
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${otpauthUrl}`);
  return secret;
}

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The 30-second step of a moment. */
export const totpStep = (at: number = Date.now()): number => Math.floor(at / 1000 / 30);

/** The 6-digit code of `step` (RFC 4226's HOTP of the step counter). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * An authenticator for one secret that never repeats a step: the server takes a step's code once
 * and accepts one step either side, so the next code after a used one is that of the following
 * step (the app's next code, as if 30 s had passed) rather than waiting for it.
 */
export function authenticator(secret: string) {
  let lastStep = -1;
  return {
    /** A code the server has not seen yet. */
    nextCode(): string {
      const step = Math.max(totpStep(), lastStep + 1);
      if (step > totpStep() + 1) throw new Error('No fresh code within the accepted window: wait a step');
      lastStep = step;
      return totpCode(secret, step);
    },
  };
}
