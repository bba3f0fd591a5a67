import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { readOrCreateDataFile } from '../../lib/data-dir-file';
import { cleanFileName, digitalFileKindOf } from '../../lib/digital-files';

/**
 * Signed download links (docs/decisions/018). A browser follows a download link by navigation,
 * which cannot carry our bearer token, so the link itself is the permission: an HMAC-SHA256,
 * under a secret only the server knows, over the order line (which fixes the file), the user it
 * was made for and when it stops working. Changing any of them breaks the signature.
 */

/** Where the generated secret is kept when DOWNLOAD_LINK_SECRET is not set. */
export const SECRET_FILE_NAME = 'download-link.secret';

/** 32 random bytes, written as 64 hex digits. */
const GENERATED_SECRET = /^[0-9a-f]{64}$/;

/**
 * The HMAC key: DOWNLOAD_LINK_SECRET when set, else a secret generated once and kept in
 * DATA_DIR/download-link.secret (mode 0600), so links made before a restart still work after it
 * (several processes starting together agree on one: lib/data-dir-file.ts).
 */
export async function loadDownloadLinkSecret(config: {
  dataDir: string;
  downloadLinks: { secret?: string };
}): Promise<Buffer> {
  if (config.downloadLinks.secret) return Buffer.from(config.downloadLinks.secret, 'utf8');
  const file = path.join(config.dataDir, SECRET_FILE_NAME);
  const hex = (await readOrCreateDataFile(file, () => `${randomBytes(32).toString('hex')}\n`)).trim();
  if (!GENERATED_SECRET.test(hex)) {
    // Never sign with a damaged key: a short one would make links guessable.
    throw new Error(
      `${file} does not hold a download-link secret (64 hex digits). Delete it to have a new one made (links already handed out stop working), or set DOWNLOAD_LINK_SECRET.`,
    );
  }
  return Buffer.from(hex, 'hex');
}

export interface DownloadLink {
  orderItemId: number;
  userId: number;
  /** Unix time, in seconds, from which the link no longer works. */
  expires: number;
}

/** The hex HMAC-SHA256 of one link's order line, user and expiry. */
export function signDownloadLink(secret: Buffer, target: DownloadLink): string {
  return createHmac('sha256', secret)
    .update(`parade-download:v1:${target.orderItemId}:${target.userId}:${target.expires}`)
    .digest('hex');
}

/** The link's path on the API's origin (no host: it works wherever the API is served from). */
export function downloadPath(target: DownloadLink, signature: string): string {
  const query = new URLSearchParams({
    user: String(target.userId),
    expires: String(target.expires),
    signature,
  });
  return `/api/downloads/${target.orderItemId}?${query.toString()}`;
}

/** A fresh link for this line and user, working for `ttlSeconds` from `now`. */
export function makeDownloadLink(
  secret: Buffer,
  input: { orderItemId: number; userId: number; ttlSeconds: number; now: number },
): { url: string; expiresAt: Date } {
  const target = {
    orderItemId: input.orderItemId,
    userId: input.userId,
    expires: Math.floor(input.now / 1000) + input.ttlSeconds,
  };
  return { url: downloadPath(target, signDownloadLink(secret, target)), expiresAt: new Date(target.expires * 1000) };
}

/** What a download request brings, as it came (nothing trusted yet). */
export interface PresentedLink {
  orderItemId: string;
  user?: string;
  expires?: string;
  signature?: string;
}

export type LinkCheck = { ok: true; link: DownloadLink } | { ok: false; reason: 'invalid' | 'expired' };

const POSITIVE_ID = /^[1-9]\d{0,9}$/;
const UNIX_SECONDS = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

const asId = (text: string | undefined): number | null =>
  text !== undefined && POSITIVE_ID.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;

/**
 * Checks a presented link: malformed or not signed by us is `invalid`; a genuine link past its
 * expiry is `expired` (the signature is checked first, so "expired" is only ever said of a link we
 * made). The comparison takes the same time wherever the signatures differ.
 */
export function checkDownloadLink(secret: Buffer, presented: PresentedLink, now: number): LinkCheck {
  const orderItemId = asId(presented.orderItemId);
  const userId = asId(presented.user);
  const expiresText = presented.expires;
  const signature = presented.signature;
  if (
    orderItemId === null ||
    userId === null ||
    expiresText === undefined ||
    !UNIX_SECONDS.test(expiresText) ||
    signature === undefined ||
    !SIGNATURE.test(signature)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  const link = { orderItemId, userId, expires: Number(expiresText) };
  const expected = Buffer.from(signDownloadLink(secret, link), 'utf8');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'utf8'))) return { ok: false, reason: 'invalid' };
  if (link.expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, link };
}

/**
 * The name a file is sent under: cleaned as at upload (lib/digital-files.ts: no bidi or control
 * characters, the extension of its kind), so that a name stored before that rule is safe too.
 */
export function servedFileName(name: string, contentType: string): string {
  const kind = digitalFileKindOf(contentType);
  return kind ? cleanFileName(name, kind) : name;
}

/**
 * `Content-Disposition: attachment` naming the file: a plain-ASCII `filename` for old clients and
 * the exact name, UTF-8 and percent-encoded, in `filename*` (RFC 6266 / RFC 8187).
 */
export function attachmentDisposition(name: string): string {
  const fallback =
    name
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
