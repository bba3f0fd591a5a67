/**
 * What a merchant may upload as a digital product's file (POST vendor/variations/{id}/digital-file).
 * The API decides by the file's own bytes (magic numbers), never by its name or the type the
 * browser sent; the admin site uses the same list to filter its file picker and to explain.
 */

/** The accepted kinds: how a person calls them, the type a download is served with, the stored extension. */
export const digitalFileKinds = {
  pdf: { label: 'PDF', contentType: 'application/pdf', extension: 'pdf' },
  epub: { label: 'EPUB', contentType: 'application/epub+zip', extension: 'epub' },
  zip: { label: 'ZIP', contentType: 'application/zip', extension: 'zip' },
  mp3: { label: 'MP3', contentType: 'audio/mpeg', extension: 'mp3' },
  png: { label: 'PNG', contentType: 'image/png', extension: 'png' },
  jpeg: { label: 'JPEG', contentType: 'image/jpeg', extension: 'jpg' },
} as const;
export type DigitalFileKind = keyof typeof digitalFileKinds;

/** The largest file by default, in MB (the API's DIGITAL_FILE_MAX_MB may set another). */
export const DIGITAL_FILE_DEFAULT_MAX_MB = 50;

/** Refusal of any other kind of file. */
export const digitalFileKindsMessage = 'A digital file must be a PDF, EPUB, ZIP, MP3, PNG or JPEG file.';

/** For a file input's `accept`: the extensions and types of the accepted kinds. */
export const digitalFileAccept = [
  '.pdf',
  '.epub',
  '.zip',
  '.mp3',
  '.png',
  '.jpg',
  '.jpeg',
  ...new Set(Object.values(digitalFileKinds).map((kind) => kind.contentType)),
].join(',');

/**
 * What a checkout paid in cash says about its downloads: a download unlocks only once the shop
 * marks the order paid, and a checkout of downloads alone has nothing to receive or collect.
 * The success page and the order confirmation mail both say it, from here.
 */
export function cashPaymentNotice(lines: { type: string }[], orderType: 'collection' | 'delivery'): string[] {
  const digital = lines.some((line) => line.type === 'Digital');
  const physical = lines.some((line) => line.type !== 'Digital');
  const unlock = 'Your download unlocks as soon as the shop marks your order paid; it will be under Digital products.';
  if (!digital)
    return [`Pay the shop in cash when you ${orderType === 'delivery' ? 'receive' : 'collect'} your order.`];
  if (!physical) return ['Pay the shop in cash as you arrange with it.', unlock];
  return [`Pay the shop in cash when you ${orderType === 'delivery' ? 'receive' : 'collect'} your order.`, unlock];
}
