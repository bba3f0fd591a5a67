import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, authMessages, profileSchema, userPayloadSchema } from '@parade/core/auth-schemas';
import { type FieldErrors, successEnvelope } from '@parade/core/envelope';
import { messages } from '@parade/core/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError, invalidField } from '../../lib/errors';
import { cleanUpload, type ImageRefusal, imageBytes } from '../../lib/image-upload';
import { formParts } from '../../lib/multipart';
import { requireUser } from '../../plugins/auth';
import { fileField, withFiles } from '../../plugins/openapi';
import { removeAvatar, saveAvatar } from './avatar';
import { toUserDto, updateProfile } from './users.service';

/** An avatar over the limits is `avatar_too_large` (2 MB, 40 megapixels), anything else `avatar_not_image`. */
const avatarRefusal: ImageRefusal = {
  subject: 'The avatar',
  maxBytes: AVATAR_MAX_BYTES,
  notImage: authMessages.avatarNotImage,
  invalid: (message, reason) =>
    invalidField('avatar', message, reason === 'too_large' ? 'avatar_too_large' : 'avatar_not_image'),
};

/** Zod issues as the envelope's per-field errors. */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** The signed-in user's own profile. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guests are turned away before any upload is read.
  app.addHook('onRequest', app.authenticate);
  // Multipart only in this scope; the limits stop a large upload while it streams in.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  app.post(
    '/user/update-profile',
    {
      config: { documentedBody: withFiles(profileSchema, { avatar: fileField('The avatar picture').optional() }) },
      schema: {
        tags: ['user'],
        summary: 'Update name and phone, and optionally upload an avatar (multipart/form-data)',
        description:
          'Fields: `name`, `phone` (empty clears it), `avatar` (file; PNG, JPEG, WebP or GIF by content, at most 2 MB). ' +
          'A JSON body with `name` and `phone` works too.',
        consumes: ['multipart/form-data', 'application/json'],
        security: [{ bearer: [] }],
        response: { 200: successEnvelope(userPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const fields: Record<string, string> = {};
      let avatar: Buffer | null = null;

      if (request.isMultipart()) {
        for await (const part of formParts(request)) {
          if (part.type === 'file') {
            if (part.fieldname !== 'avatar') {
              part.file.resume();
              continue;
            }
            avatar = await imageBytes(part, avatarRefusal);
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } else if (request.body && typeof request.body === 'object') {
        for (const [key, value] of Object.entries(request.body)) if (typeof value === 'string') fields[key] = value;
      }

      const parsed = profileSchema.safeParse(fields);
      if (!parsed.success)
        throw new AppError(422, messages.validationFailed, fieldErrors(parsed.error), 'validation_failed');

      // An empty file input (no picture chosen) is not an upload.
      let avatarUrl: string | undefined;
      if (avatar && avatar.length > 0) {
        avatarUrl = await saveAvatar(app.storage, user.id, await cleanUpload(avatar, avatarRefusal));
      }

      const { user: updated, replacedAvatar } = await updateProfile(app.db, user.id, {
        name: parsed.data.name,
        phone: parsed.data.phone,
        avatar: avatarUrl,
      });
      if (replacedAvatar) await removeAvatar(app.storage, replacedAvatar);
      return ok({ user: toUserDto(updated) });
    },
  );
};
