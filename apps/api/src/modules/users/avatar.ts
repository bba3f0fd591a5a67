import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type CleanImage, saveImage } from '../../lib/images';

const AVATAR_FOLDER = 'avatars';
const PUBLIC_PREFIX = `/uploads/${AVATAR_FOLDER}/`;

/**
 * Stores a re-encoded avatar (lib/images.ts cleanImage) under <uploads>/avatars/ with a name we
 * choose (user id + random part, the extension of its type) and returns its public URL.
 */
export function saveAvatar(uploadsDir: string, userId: number, image: CleanImage): Promise<string> {
  return saveImage(uploadsDir, AVATAR_FOLDER, String(userId), image);
}

/** Deletes a replaced avatar; only our own files under /uploads/avatars/ are ever touched. */
export async function removeAvatar(uploadsDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(PUBLIC_PREFIX)) return;
  const name = url.slice(PUBLIC_PREFIX.length);
  if (!/^[\w-]+\.(png|jpg|webp|gif)$/.test(name)) return;
  await rm(path.join(uploadsDir, AVATAR_FOLDER, name), { force: true });
}
