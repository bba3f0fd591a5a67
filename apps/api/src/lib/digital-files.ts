import { randomBytes } from 'node:crypto';
import { type DigitalFileKind, digitalFileKinds, digitalFileKindsMessage } from '@parade/core/digital-files';
import { AppError } from './errors';
import { isStorageKey, type ObjectStore } from './storage/object-store';

/**
 * Digital products' files live under digital/ in the object store (DATA_DIR/digital on local
 * disk), beside uploads/ and never inside it: everything under uploads/ is served to anyone at
 * /uploads/, while a digital file is what a paid order buys, handed out only through a signed
 * download (issue 12). The rows keep the key ("digital/<name>", the path relative to DATA_DIR),
 * as the demo seed does.
 */
export const DIGITAL_FOLDER = 'digital';

/** A stored path: `digital/` and one plain file name (no folders, no `..`), as written here or by the seed. */
const STORED_PATH = /^digital\/[A-Za-z0-9][\w.-]*$/;

/** Bytes read to tell the kinds apart: an EPUB's first ZIP entry names its type by byte 58. */
const SNIFF_BYTES = 64;

const latin1 = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');

/** An MPEG audio layer III frame header (an MP3 without an ID3 tag starts with one). */
function isMp3Frame(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff) return false;
  const b1 = b[1] ?? 0;
  const b2 = b[2] ?? 0;
  const sync = (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0x3; // 1 is reserved
  const layer = (b1 >> 1) & 0x3; // 1 is layer III
  const bitrate = (b2 >> 4) & 0xf; // 15 is invalid
  const sampleRate = (b2 >> 2) & 0x3; // 3 is reserved
  return sync && version !== 1 && layer === 1 && bitrate !== 0xf && sampleRate !== 3;
}

/**
 * The kind of a digital file from its first bytes (magic numbers), never from its name or the
 * type the browser sent: PDF, EPUB (a ZIP whose first entry says so), any other ZIP, MP3 (ID3
 * tag or a layer III frame), PNG or JPEG. Null for anything else.
 */
export function digitalFileKind(head: Uint8Array): DigitalFileKind | null {
  if (head.length >= 5 && latin1(head, 0, 5) === '%PDF-') return 'pdf';
  if (head.length >= 4 && latin1(head, 0, 4) === 'PK\x03\x04') {
    return latin1(head, 30, 38) === 'mimetype' && latin1(head, 38, 58) === 'application/epub+zip' ? 'epub' : 'zip';
  }
  if (head.length >= 8 && latin1(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 10 && latin1(head, 0, 3) === 'ID3') return 'mp3';
  if (isMp3Frame(head)) return 'mp3';
  return null;
}

/** Extensions a kind's file may already carry (a JPEG is as often .jpeg as .jpg). */
const extensionsOf = (kind: DigitalFileKind): string[] =>
  kind === 'jpeg' ? ['jpg', 'jpeg'] : [digitalFileKinds[kind].extension];

/**
 * The name to keep for a file as its merchant's computer called it, and to send it under: the
 * last part of the path some browsers send; control characters made spaces; format characters
 * (the right-to-left override and other bidi controls, zero-width ones) dropped, since
 * "x\u202Egnp.exe" shows as "xexe.png" but saves as ".exe"; the extension of its kind, detected
 * from its bytes (a wrong one is replaced, a missing one added); at most 200 characters.
 * A name that is empty once cleaned becomes "download" with the kind's extension.
 */
export function cleanFileName(given: string | undefined, kind: DigitalFileKind): string {
  const base = (given ?? '').split(/[\\/]/).pop() ?? '';
  const visible = base.replace(/\p{Cf}/gu, '').replace(/\p{Cc}/gu, ' ');
  const name = visible.replace(/\s+/g, ' ').trim();
  const extension = digitalFileKinds[kind].extension;
  if (!name || name === '.' || name === '..') return `download.${extension}`;
  const dot = name.lastIndexOf('.');
  const givenExtension = dot > 0 ? name.slice(dot + 1) : '';
  const kept = extensionsOf(kind).includes(givenExtension.toLowerCase()) ? givenExtension : extension;
  // A short tail after the last dot is an extension to replace; a long one is part of the name.
  const stem = dot > 0 && name.length - dot <= 10 ? name.slice(0, dot) : name;
  return `${stem.slice(0, 200 - kept.length - 1).trimEnd()}.${kept}`;
}

/** The kind whose files are sent with this Content-Type, if any. */
export function digitalFileKindOf(contentType: string): DigitalFileKind | null {
  const kinds = Object.keys(digitalFileKinds) as DigitalFileKind[];
  return kinds.find((kind) => digitalFileKinds[kind].contentType === contentType) ?? null;
}

export interface StoredDigitalFile {
  /** The store's key (relative to DATA_DIR on local disk): `digital/<shop>-<random>.<extension>`. */
  path: string;
  size: number;
  kind: DigitalFileKind;
  contentType: string;
}

const fileInvalid = (message: string) => new AppError(422, message, { file: [message] }, 'validation_failed');
export const digitalFileTooLarge = (maxBytes: number) =>
  fileInvalid(`The file must be at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`);

/** The first chunks of a stream, up to `bytes` of them (fewer when it ends sooner), and what remains. */
async function peek(
  chunks: AsyncIterator<Buffer>,
  bytes: number,
): Promise<{ head: Buffer; read: Buffer[]; ended: boolean }> {
  const read: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await chunks.next();
    if (next.done) return { head: Buffer.concat(read).subarray(0, bytes), read, ended: true };
    read.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(read).subarray(0, bytes), read, ended: false };
}

/**
 * Streams an uploaded file into the object store under digital/, with a name we choose, checking
 * it as it comes: its kind from its first bytes (before anything is stored), then its size
 * (`truncated` says the multipart limit cut it off). Chunks go on to the store as they arrive,
 * never gathered whole in memory. A file refused for either reason leaves nothing in the store:
 * the store's put fails with the stream. `owner` starts the stored name (the shop's id), so an
 * operator can tell whose file it is.
 */
export async function storeDigitalFile(
  store: ObjectStore,
  owner: string,
  stream: AsyncIterable<Buffer> & { truncated?: boolean },
  maxBytes: number,
): Promise<StoredDigitalFile> {
  const chunks = stream[Symbol.asyncIterator]();
  const { head, read, ended } = await peek(chunks, SNIFF_BYTES);
  let size = read.reduce((sum, chunk) => sum + chunk.length, 0);
  const tooLarge = () => stream.truncated || size > maxBytes;
  const kind = digitalFileKind(head);
  if (!kind) {
    // Read to the end first: a file too large is refused as such, whatever it starts with.
    if (!ended) for (let next = await chunks.next(); !next.done; next = await chunks.next()) size += next.value.length;
    if (tooLarge()) throw digitalFileTooLarge(maxBytes);
    if (size === 0) throw fileInvalid('Choose a file to upload; this one is empty.');
    throw fileInvalid(digitalFileKindsMessage);
  }
  const { extension, contentType } = digitalFileKinds[kind];
  const key = `${DIGITAL_FOLDER}/${owner}-${randomBytes(16).toString('hex')}.${extension}`;
  let refusal: AppError | null = null;
  async function* body(): AsyncGenerator<Buffer> {
    for (const chunk of read) yield chunk;
    if (!ended) {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        size += next.value.length;
        // Past the limit nothing more is sent; the loop still drains what the parser holds.
        if (size <= maxBytes) yield next.value;
      }
    }
    // Failing the stream fails the put: the store keeps nothing of it.
    if (tooLarge()) {
      refusal = digitalFileTooLarge(maxBytes);
      throw refusal;
    }
  }
  try {
    await store.put(key, body(), { contentType });
  } catch (error) {
    throw refusal ?? error;
  }
  return { path: key, size, kind, contentType };
}

/** The store's key of a stored digital file, or null when the stored value is not one of ours. */
export function digitalFileKey(stored: string): string | null {
  if (!STORED_PATH.test(stored) || stored.includes('..') || !isStorageKey(stored)) return null;
  return stored;
}

/** Deletes a stored digital file (after the transaction that let go of it committed); a missing file is fine. */
export async function removeDigitalFile(store: ObjectStore, stored: string): Promise<void> {
  const key = digitalFileKey(stored);
  if (key) await store.delete(key);
}
