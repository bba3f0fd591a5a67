import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * The image type from the file's first bytes (its magic number), never from the name or the
 * content type the client sent. Null for anything that is not PNG, JPEG, WebP or GIF.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  return null;
}

const extensions: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };
const AVATAR_FOLDER = 'avatars';
const PUBLIC_PREFIX = `/uploads/${AVATAR_FOLDER}/`;

/**
 * Stores an avatar under <uploads>/avatars/ with a name we choose (user id + random part, the
 * extension of the detected type) and returns its public URL under /uploads/.
 */
export async function saveAvatar(uploadsDir: string, userId: number, bytes: Buffer, type: ImageType): Promise<string> {
  const folder = path.join(uploadsDir, AVATAR_FOLDER);
  await mkdir(folder, { recursive: true });
  const name = `${userId}-${randomBytes(8).toString('hex')}.${extensions[type]}`;
  await writeFile(path.join(folder, name), bytes, { flag: 'wx' });
  return `${PUBLIC_PREFIX}${name}`;
}

/** Deletes a replaced avatar; only our own files under /uploads/avatars/ are ever touched. */
export async function removeAvatar(uploadsDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(PUBLIC_PREFIX)) return;
  const name = url.slice(PUBLIC_PREFIX.length);
  if (!/^[\w-]+\.(png|jpg|webp|gif)$/.test(name)) return;
  await rm(path.join(uploadsDir, AVATAR_FOLDER, name), { force: true });
}
