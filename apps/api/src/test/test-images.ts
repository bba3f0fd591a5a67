import { crc32, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Pictures for upload tests, built here rather than kept as files: real ones made by sharp,
 * and hostile ones made byte by byte (a valid PNG structure, CRCs included, so only what they
 * claim makes them dangerous).
 */

/** A real, decodable picture of the given size and type (a flat colour). */
export function realImage(
  width: number,
  height: number,
  type: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return base.toFormat(type).toBuffer();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC of type + data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colourType;
  return pngChunk('IHDR', data);
}

/**
 * A PNG whose header claims width x height but whose pixel data is a few bytes: nothing a
 * decoder could turn into that picture, so refusing it by size proves the header was read
 * first. 65536 x 32768 is 2^31 pixels.
 */
export function pngClaiming(width: number, height: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 8, 2),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A genuine decompression bomb: a valid 40000 x 40000 black PNG (1 bit a pixel, every row
 * zeros) of about 200 KB that decodes to 1.6 billion pixels (1.6 GB at one byte each).
 */
export async function pngBomb(): Promise<Buffer> {
  const side = 40_000;
  const rows = Buffer.alloc((1 + side / 8) * 1000); // 1000 rows: a filter byte, then 1 bit a pixel
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let i = 0; i < side / 1000; i += 1) deflate.write(rows);
  deflate.end();
  await ended;
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(side, side, 1, 0),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const POLYGLOT_HTML = '<html><body><script>alert(document.domain)</script></body></html>';

/**
 * A PNG that is also an HTML page: a real picture with the page in a tEXt chunk and again after
 * IEND, where a browser sniffing the bytes would find it.
 */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  const png = await realImage(8, 8, 'png');
  const iendAt = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iendAt),
    pngChunk('tEXt', Buffer.from(`Comment\0${POLYGLOT_HTML}`, 'latin1')),
    png.subarray(iendAt),
    Buffer.from(POLYGLOT_HTML),
  ]);
}

/**
 * A 40 x 20 JPEG carrying EXIF with a GPS position, an owner's name and orientation 6 ("rotate
 * 90 degrees clockwise to show"), as a phone writes it.
 */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 20, g: 120, b: 20 } } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: 'Jo Bloggs', Copyright: 'Jo Bloggs' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .jpeg()
    .toBuffer();
}
