import path from 'node:path';
import webPush from 'web-push';
import { readOrCreateDataFile } from '../../lib/data-dir-file';

/** Where the generated key pair is kept when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set. */
export const VAPID_KEYS_FILE_NAME = 'vapid-keys.json';

export interface VapidKeys {
  /** P-256 public key, uncompressed, base64url: what browsers subscribe with (applicationServerKey). */
  publicKey: string;
  /** Its private key, base64url: signs each push's JWT (RFC 8292). */
  privateKey: string;
}

const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The server's VAPID key pair (docs/decisions/027): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when
 * set, else a pair generated once and kept in DATA_DIR/vapid-keys.json (mode 0600). It must
 * outlive restarts: every browser subscribed with the public key, and a push signed with another
 * key is refused by its push service, so a new pair silently ends every subscription.
 */
export async function loadVapidKeys(config: {
  dataDir: string;
  vapid: { publicKey?: string; privateKey?: string };
}): Promise<VapidKeys> {
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey };
  }
  const file = path.join(config.dataDir, VAPID_KEYS_FILE_NAME);
  const text = await readOrCreateDataFile(file, () => `${JSON.stringify(webPush.generateVAPIDKeys(), null, 2)}\n`);
  let kept: Partial<VapidKeys> | null = null;
  try {
    kept = JSON.parse(text) as Partial<VapidKeys>;
  } catch {}
  if (!kept || !PUBLIC_KEY.test(kept.publicKey ?? '') || !PRIVATE_KEY.test(kept.privateKey ?? '')) {
    throw new Error(
      `${file} does not hold a VAPID key pair ({"publicKey", "privateKey"} in base64url). Delete it to have a new one made (every device then has to opt in again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
    );
  }
  return { publicKey: kept.publicKey as string, privateKey: kept.privateKey as string };
}
