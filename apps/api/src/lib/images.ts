import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { contentTypeOf, type ObjectStore, uploadKey } from './storage/object-store';

// Every upload is a different picture: libvips' operation cache would only hold decoded
// pixels of files we never read again.
sharp.cache(false);

export type UploadImageType = 'png' | 'jpeg' | 'webp' | 'gif';

export interface ImageInfo {
  type: UploadImageType;
  width: number;
  height: number;
}

/** Largest picture a merchant may upload: bytes and pixels (a small file can still decode huge). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;

/**
 * The type and size of an image from its own bytes (magic number and header), never from the
 * file name or the content type the client sent. Null for anything that is not a PNG, JPEG,
 * WebP or GIF whose header gives its width and height.
 */
export function imageInfo(bytes: Buffer): ImageInfo | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  const size = (type: UploadImageType, width: number, height: number) =>
    width > 0 && height > 0 ? { type, width, height } : null;
  if (
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return size('png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  }
  if (bytes.length >= 10 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) {
    return size('gif', bytes.readUInt16LE(6), bytes.readUInt16LE(8));
  }
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') {
    const chunk = ascii(12, 16);
    if (chunk === 'VP8 ') return size('webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return size('webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
    if (chunk === 'VP8X') return size('webp', bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
    return null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    // Walk the markers to the frame header (SOFn), which holds the size.
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1] ?? 0;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      const length = bytes.readUInt16BE(at + 2);
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return size('jpeg', bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
      at += 2 + length;
    }
    return null;
  }
  return null;
}

/** What we store: GIFs become PNG (their first frame), the other types stay as they came. */
export type StoredImageType = 'png' | 'jpeg' | 'webp';
const storedType: Record<UploadImageType, StoredImageType> = { png: 'png', jpeg: 'jpeg', webp: 'webp', gif: 'png' };
const extensions: Record<StoredImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** Longest a re-encode may take before it is abandoned (a 40 megapixel picture takes about a second). */
const REENCODE_TIMEOUT_SECONDS = 30;

declare const reencoded: unique symbol;

/**
 * A picture decoded and written again by us: upright (EXIF orientation applied), in sRGB, with
 * no metadata (EXIF, GPS, XMP, ICC, text chunks) and nothing after the image data. Only
 * cleanImage makes one, and saveImage takes nothing else, so no client's bytes are ever stored.
 */
export interface CleanImage {
  readonly type: StoredImageType;
  readonly width: number;
  readonly height: number;
  readonly bytes: Buffer;
  readonly [reencoded]: true;
}

export type CleanImageResult =
  | { ok: true; image: CleanImage }
  /** not_image: not a PNG, JPEG, WebP or GIF we can decode; too_many_pixels: over maxPixels. */
  | { ok: false; reason: 'not_image' | 'too_many_pixels' };

/**
 * Checks an uploaded picture and re-encodes it. The size is read from the header first, so a
 * small file claiming billions of pixels (a decompression bomb) is refused before any pixel is
 * decoded; sharp's limitInputPixels is the second guard on the same rule. Decoding and encoding
 * run on libuv's thread pool, not the event loop. Only the first frame of an animation is kept.
 */
export async function cleanImage(bytes: Buffer, maxPixels = IMAGE_MAX_PIXELS): Promise<CleanImageResult> {
  const info = imageInfo(bytes);
  if (!info) return { ok: false, reason: 'not_image' };
  if (info.width * info.height > maxPixels) return { ok: false, reason: 'too_many_pixels' };
  const type = storedType[info.type];
  try {
    // failOn 'error': corrupt or truncated pixel data is refused; harmless decoder warnings are not.
    const input = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', autoOrient: true, animated: false });
    // The decoder libvips picks must be the one the magic number named, nothing more exotic.
    if ((await input.metadata()).format !== info.type) return { ok: false, reason: 'not_image' };
    const output =
      type === 'jpeg' ? input.jpeg({ quality: 85 }) : type === 'webp' ? input.webp({ quality: 85 }) : input.png();
    // No keepMetadata/withMetadata: sharp strips all metadata and converts to sRGB by default.
    const { data, info: written } = await output
      .timeout({ seconds: REENCODE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    const image = { type, width: written.width, height: written.height, bytes: data } as CleanImage;
    return { ok: true, image };
  } catch (error) {
    // sharp's own pixel limit (a header the check above read differently) or whatever libvips
    // cannot decode (corrupt, truncated): not a picture we keep.
    const overLimit = error instanceof Error && error.message.includes('pixel limit');
    return { ok: false, reason: overLimit ? 'too_many_pixels' : 'not_image' };
  }
}

/**
 * Stores a re-encoded image in the object store under uploads/<folder>/ with a name we choose (a
 * prefix, a random part, the extension of its stored type) and returns its public URL under
 * /uploads/. The random part (64 bits) makes each name new, so nothing is ever overwritten.
 */
export async function saveImage(
  store: ObjectStore,
  folder: string,
  prefix: string,
  image: CleanImage,
): Promise<string> {
  const key = `uploads/${folder}/${prefix}-${randomBytes(8).toString('hex')}.${extensions[image.type]}`;
  await store.put(key, image.bytes, { contentType: contentTypeOf(key) });
  return `/${key}`;
}

/**
 * Deletes pictures saveImage wrote, by URL, once no row names them (the transaction that would
 * have referenced them failed, or the one that let go of them committed). Only files of ours
 * (one folder under uploads/, a name saveImage gives) are touched: never the demo's pictures.
 */
export async function removeImages(store: ObjectStore, urls: string[]): Promise<void> {
  for (const url of urls) {
    if (!/^\/uploads\/[\w-]+\/[\w-]+\.(?:png|jpg|webp|gif)$/.test(url)) continue;
    const key = uploadKey(url);
    if (key) await store.delete(key);
  }
}
