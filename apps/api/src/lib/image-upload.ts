import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { type CleanImage, cleanImage, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from './images';
import { fileBytes, formParts } from './multipart';

/**
 * The checks of an uploaded picture, the same on every route that takes one (product pictures,
 * offer pictures, shop logo and banner, editorial pictures, avatars, a shop request's logo): at
 * most the route's bytes (the multipart limit stops the file as it streams in), at most
 * IMAGE_MAX_PIXELS, and a PNG, JPEG, WebP or GIF by its content (lib/images.ts cleanImage).
 * Each route keeps its own words and its own 422 (field and error code).
 */

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/** The rules in words, for a route's description: "PNG, JPEG, WebP or GIF by content, at most 5 MB and 40 megapixels". */
export function imageRules(maxBytes = IMAGE_MAX_BYTES): string {
  return `PNG, JPEG, WebP or GIF by content, at most ${megabytes(maxBytes)} MB and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;
}

/** How a route refuses a picture. */
export interface ImageRefusal {
  /** The picture as the messages name it: 'The picture', 'Each picture', 'The logo'. */
  subject: string;
  /** The route's byte limit, the one its multipart limits enforce (IMAGE_MAX_BYTES by default). */
  maxBytes?: number;
  /** The message for a file that is not a picture we take (and for none chosen, where one is required). */
  notImage: string;
  /** The route's 422 for a message: too large (bytes or pixels) or not a picture. */
  invalid: (message: string, reason: 'too_large' | 'not_image') => AppError;
}

/** The usual refusal: 422 `image_invalid` on the form's `field`, whatever the reason. */
export function imageInvalidOn(
  field: string,
  words: Pick<ImageRefusal, 'subject' | 'maxBytes' | 'notImage'>,
): ImageRefusal {
  return { ...words, invalid: (message) => new AppError(422, message, { [field]: [message] }, 'image_invalid') };
}

/** A picture's file part read whole; over the byte limit, "<subject> must be at most N MB.". */
export function imageBytes(part: MultipartFile, refusal: ImageRefusal): Promise<Buffer> {
  const message = `${refusal.subject} must be at most ${megabytes(refusal.maxBytes ?? IMAGE_MAX_BYTES)} MB.`;
  return fileBytes(part, () => refusal.invalid(message, 'too_large'));
}

/**
 * An uploaded picture checked and re-encoded (cleanImage), or the route's refusal: over the pixel
 * limit ("<subject> must be at most 40 megapixels."), or not a picture.
 */
export async function cleanUpload(bytes: Buffer, refusal: ImageRefusal): Promise<CleanImage> {
  const result = await cleanImage(bytes);
  if (result.ok) return result.image;
  if (result.reason === 'too_many_pixels') {
    throw refusal.invalid(
      `${refusal.subject} must be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
      'too_large',
    );
  }
  throw refusal.invalid(refusal.notImage, 'not_image');
}

/**
 * The one picture of a multipart form that carries nothing else, from its file field `field`,
 * checked and re-encoded. Other files are skipped and text fields ignored; a request that is not
 * multipart, or no picture chosen (no file, or an empty one), is refused.
 */
export async function readOneImage(request: FastifyRequest, field: string, refusal: ImageRefusal): Promise<CleanImage> {
  if (!request.isMultipart()) throw refusal.invalid('Send the picture as multipart/form-data.', 'not_image');
  let bytes: Buffer | null = null;
  for await (const part of formParts(request)) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== field) {
      part.file.resume();
      continue;
    }
    bytes = await imageBytes(part, refusal);
  }
  if (!bytes?.length) throw refusal.invalid(refusal.notImage, 'not_image');
  return cleanUpload(bytes, refusal);
}
