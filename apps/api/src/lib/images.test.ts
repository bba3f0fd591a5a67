import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithGps, POLYGLOT_HTML, pngBomb, pngClaiming, pngHtmlPolyglot, realImage } from '../test/test-images';
import { cleanImage, IMAGE_MAX_PIXELS, imageInfo } from './images';

/** The re-encoded picture, or the test fails saying why it was refused. */
async function cleaned(bytes: Buffer) {
  const result = await cleanImage(bytes);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.image;
}

describe('imageInfo', () => {
  it('reads the type and size from the bytes only', async () => {
    expect(imageInfo(await realImage(3, 2, 'png'))).toEqual({ type: 'png', width: 3, height: 2 });
    expect(imageInfo(await realImage(3, 2, 'jpeg'))).toEqual({ type: 'jpeg', width: 3, height: 2 });
    expect(imageInfo(await realImage(3, 2, 'webp'))).toEqual({ type: 'webp', width: 3, height: 2 });
    expect(imageInfo(await realImage(3, 2, 'gif'))).toEqual({ type: 'gif', width: 3, height: 2 });
    expect(imageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageInfo(Buffer.from('GIF8'))).toBeNull();
    expect(imageInfo(Buffer.alloc(0))).toBeNull();
  });
});

describe('cleanImage', () => {
  it('refuses a header claiming too many pixels before decoding anything', async () => {
    // Neither file holds the pixels it claims: had it been decoded, it would be "not_image".
    expect(await cleanImage(pngClaiming(40_000, 40_000))).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect(await cleanImage(pngClaiming(65_536, 32_768))).toEqual({ ok: false, reason: 'too_many_pixels' });
    // Just over the limit is refused; a real bomb (200 KB decoding to 1.6 GB) likewise.
    expect(await cleanImage(pngClaiming(IMAGE_MAX_PIXELS + 1, 1))).toEqual({ ok: false, reason: 'too_many_pixels' });
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await cleanImage(bomb)).toEqual({ ok: false, reason: 'too_many_pixels' });
  });

  it('keeps sharp as a second guard on the pixel limit', async () => {
    const png = await realImage(20, 10, 'png');
    expect(await cleanImage(png, 199)).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect((await cleanImage(png, 200)).ok).toBe(true);
  });

  it('refuses what is not a decodable PNG, JPEG, WebP or GIF', async () => {
    const png = await realImage(8, 8, 'png');
    for (const bytes of [
      Buffer.from('<svg onload="alert(1)"/>'),
      png.subarray(0, png.length - 30), // truncated pixel data
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]), // a JPEG's magic, no picture
    ]) {
      expect(await cleanImage(bytes)).toEqual({ ok: false, reason: 'not_image' });
    }
  });

  it('never stores the bytes it was given: each type is written again, a GIF as a PNG', async () => {
    // Made with other settings than ours, as a client's encoder would (the same settings give the same bytes).
    const picture = () => sharp({ create: { width: 30, height: 12, channels: 3, background: '#3366cc' } });
    for (const [type, stored, upload] of [
      ['png', 'png', await picture().png({ compressionLevel: 0 }).toBuffer()],
      ['jpeg', 'jpeg', await picture().jpeg({ quality: 40 }).toBuffer()],
      ['webp', 'webp', await picture().webp({ lossless: true }).toBuffer()],
      ['gif', 'png', await picture().gif().toBuffer()],
    ] as const) {
      expect(imageInfo(upload)?.type).toBe(type);
      const image = await cleaned(upload);
      expect(image).toMatchObject({ type: stored, width: 30, height: 12 });
      expect(image.bytes.equals(upload)).toBe(false);
      const meta = await sharp(image.bytes).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: stored,
        width: 30,
        height: 12,
      });
    }
  });

  it('turns a photo upright and strips its EXIF, GPS position included', async () => {
    const upload = await jpegWithGps();
    const before = await sharp(upload).metadata();
    expect(before).toMatchObject({ orientation: 6, width: 40, height: 20 });
    expect(before.exif?.includes('Jo Bloggs')).toBe(true);

    const image = await cleaned(upload);
    const after = await sharp(image.bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(image).toMatchObject({ width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(image.bytes.includes('Jo Bloggs')).toBe(false);
  });

  it('drops the HTML of a PNG/HTML polyglot, from its text chunk and after its end', async () => {
    const upload = await pngHtmlPolyglot();
    expect(upload.includes(POLYGLOT_HTML)).toBe(true);
    const image = await cleaned(upload);
    const text = image.bytes.toString('latin1').toLowerCase();
    expect(text).not.toContain('<html');
    expect(text).not.toContain('<script');
    expect(image).toMatchObject({ type: 'png', width: 8, height: 8 });
  });
});
