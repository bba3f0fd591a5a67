import type { Readable } from 'node:stream';

/**
 * The storage port (docs/decisions/041): where uploaded pictures and digital files are kept, by
 * key. Keys are the paths relative to DATA_DIR that rows and URLs already name
 * (`uploads/products/3-12-ab12.png` behind `/uploads/products/3-12-ab12.png`, `digital/3-ab.pdf`),
 * so moving from local disk to a bucket changes no row. Two adapters: local-disk-store.ts (the
 * default) and s3-store.ts (STORAGE_URL).
 */

/**
 * The store could not be reached or refused us (network, credentials, the bucket's own failure):
 * the API answers 503 with Retry-After, as for a database that is down, not a 500 of ours.
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`Object storage unavailable (${operation} ${key})`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** What a store knows of an object without reading it. */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** A validator for conditional requests (quoted, as HTTP sends it). */
  etag: string;
  lastModified: Date;
}

/** An object opened for reading: the caller consumes `body` (or destroys it). */
export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/** One entry of a listing. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ObjectStore {
  /** 'local' or 's3', and the store in words for logs (no secrets). */
  readonly kind: 'local' | 's3';
  readonly description: string;
  /**
   * Writes an object whole or not at all: a stream that fails (the upload was refused halfway,
   * the client went away) leaves nothing under `key`. A stream is passed on as it comes, never
   * gathered in memory. Returns the bytes written.
   */
  put(
    key: string,
    body: Buffer | AsyncIterable<Uint8Array>,
    options: { contentType: string },
  ): Promise<{ size: number }>;
  /** The object opened for reading, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** What is known of the object, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Deletes the object; one that is already gone is fine. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in pages the caller need not see. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Lets go of connections (S3) at shutdown. */
  close(): void;
}

/**
 * A key we write or serve: under uploads/ (public pictures) or digital/ (files sold), then
 * folders and a file name of letters, digits, `_`, `.` and `-`, each starting with a letter or
 * digit (so no `..`, no hidden files such as a local upload in progress, no absolute path, and
 * nothing else of DATA_DIR: the database, the download-link secret, the VAPID keys).
 */
const KEY = /^(?:uploads|digital)(?:\/[A-Za-z0-9][\w.-]*)+$/;

/** The two top-level folders of the store. */
export const STORAGE_PREFIXES = ['uploads/', 'digital/'] as const;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.includes('..');
}

/** Throws for a key no caller should ever build (a bug, not a client's mistake). */
export function checkStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The key of a picture's public URL (`/uploads/a/b.png` -> `uploads/a/b.png`), or null for any other text. */
export function uploadKey(url: string): string | null {
  if (!url.startsWith('/uploads/')) return null;
  const key = url.slice(1);
  return isStorageKey(key) ? key : null;
}

/** The public URL of a key under uploads/. */
export function uploadUrl(key: string): string {
  return `/${key}`;
}

/**
 * The content type of a stored file by its extension: the ones we store (pictures, the kinds of
 * digital files, the demo's SVGs), as @fastify/static named them before the store existed.
 */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
};

export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  const extension = dot >= 0 ? key.slice(dot + 1).toLowerCase() : '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
