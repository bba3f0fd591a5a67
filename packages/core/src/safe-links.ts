/**
 * Stored links and picture references as schemas (what an API call may write), from the checks
 * in safe-link-rules.ts, which this module re-exports.
 */
import { z } from 'zod';
import { isSafeLink, isUploadPath, LINK_MAX } from './safe-link-rules';

export * from './safe-link-rules';

export const LINK_MESSAGE = 'Use a path of this site (starting with /) or an https:// address.';
export const UPLOAD_PATH_MESSAGE = 'Choose a picture uploaded to this site (/uploads/...).';
const linkDescription = 'A path of this site ("/...", not "//...") or an https:// address.';
const uploadDescription = 'A picture uploaded to this site: "/uploads/<folder>/<file>".';

/** A required link or picture: a path of this site or an https address. */
export const safeLinkSchema = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(LINK_MAX, `Keep it under ${LINK_MAX} characters.`)
  .refine(isSafeLink, LINK_MESSAGE)
  .describe(linkDescription);

/** An optional link or picture: '' or null mean none. */
export const optionalSafeLinkSchema = z
  .string()
  .trim()
  .max(LINK_MAX, `Keep it under ${LINK_MAX} characters.`)
  .refine((value) => value === '' || isSafeLink(value), LINK_MESSAGE)
  .nullable()
  .describe(`${linkDescription} '' or null for none.`);

/** A required picture that must be one of this site's uploads (whose, the API checks). */
export const uploadPathSchema = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(LINK_MAX, `Keep it under ${LINK_MAX} characters.`)
  .refine(isUploadPath, UPLOAD_PATH_MESSAGE)
  .describe(uploadDescription);

/** An optional picture among this site's uploads: '' or null mean none (null on the way in). */
export const optionalUploadPathSchema = z
  .string()
  .trim()
  .max(LINK_MAX, `Keep it under ${LINK_MAX} characters.`)
  .refine((value) => value === '' || isUploadPath(value), UPLOAD_PATH_MESSAGE)
  .nullable()
  .transform((value) => value || null)
  .describe(`${uploadDescription} '' or null for none.`);
