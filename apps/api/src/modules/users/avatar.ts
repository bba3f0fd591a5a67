import { type CleanImage, removeImages, saveImage } from '../../lib/images';
import type { ObjectStore } from '../../lib/storage/object-store';

const AVATAR_FOLDER = 'avatars';
const PUBLIC_PREFIX = `/uploads/${AVATAR_FOLDER}/`;

/**
 * Stores a re-encoded avatar (lib/images.ts cleanImage) under <uploads>/avatars/ with a name we
 * choose (user id + random part, the extension of its type) and returns its public URL.
 */
export function saveAvatar(store: ObjectStore, userId: number, image: CleanImage): Promise<string> {
  return saveImage(store, AVATAR_FOLDER, String(userId), image);
}

/** Deletes a replaced avatar; only our own files under /uploads/avatars/ are ever touched. */
export async function removeAvatar(store: ObjectStore, url: string | null): Promise<void> {
  if (!url?.startsWith(PUBLIC_PREFIX)) return;
  await removeImages(store, [url]);
}
