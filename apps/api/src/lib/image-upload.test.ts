import { describe, expect, it } from 'vitest';
import { pngClaiming, realImage } from '../test/test-images';
import { AppError } from './errors';
import { cleanUpload, type ImageRefusal, imageInvalidOn, imageRules } from './image-upload';

const refusal = imageInvalidOn('logo', {
  subject: 'The logo',
  maxBytes: 2 * 1024 * 1024,
  notImage: 'The logo must be a PNG, JPEG, WebP or GIF picture.',
});

/** What cleanUpload threw, or the test fails. */
async function refused(bytes: Buffer, how: ImageRefusal = refusal): Promise<AppError> {
  const error = await cleanUpload(bytes, how).catch((thrown: unknown) => thrown);
  if (!(error instanceof AppError)) throw new Error('the picture was not refused');
  return error;
}

describe('imageRules', () => {
  it('states the types and limits, in the words of the route descriptions', () => {
    expect(imageRules()).toBe('PNG, JPEG, WebP or GIF by content, at most 5 MB and 40 megapixels');
    expect(imageRules(2 * 1024 * 1024)).toBe('PNG, JPEG, WebP or GIF by content, at most 2 MB and 40 megapixels');
  });
});

describe('cleanUpload', () => {
  it('answers the re-encoded picture', async () => {
    const image = await cleanUpload(await realImage(3, 2, 'gif'), refusal);
    expect(image).toMatchObject({ type: 'png', width: 3, height: 2 });
  });

  it("refuses too many pixels and what is no picture with the route's 422 on its field", async () => {
    expect(await refused(pngClaiming(40_000, 40_000))).toMatchObject({
      statusCode: 422,
      code: 'image_invalid',
      errors: { logo: ['The logo must be at most 40 megapixels.'] },
    });
    expect(await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({
      statusCode: 422,
      code: 'image_invalid',
      errors: { logo: ['The logo must be a PNG, JPEG, WebP or GIF picture.'] },
    });
  });

  it('tells the route which rule refused, for a route with a code per reason', async () => {
    const reasons: string[] = [];
    const counting: ImageRefusal = {
      ...refusal,
      invalid: (message, reason) => {
        reasons.push(reason);
        return new AppError(422, message);
      },
    };
    await refused(pngClaiming(40_000, 40_000), counting);
    await refused(Buffer.from('not a picture'), counting);
    expect(reasons).toEqual(['too_large', 'not_image']);
  });
});
