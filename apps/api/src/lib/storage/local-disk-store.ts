import { randomBytes } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkStorageKey,
  contentTypeOf,
  isStorageKey,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
  type StoredObject,
} from './object-store';

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The weak validator @fastify/static (send) gave the same file: size and modification time. */
const etagOf = (size: number, mtime: Date) => `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;

/**
 * The default store: files under DATA_DIR, at the key's path (`DATA_DIR/uploads/...`,
 * `DATA_DIR/digital/...`), exactly where they were before the port existed. The type is the
 * extension's: a file on disk keeps no other.
 */
export class LocalDiskStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `local disk under ${root}`;
  }

  private file(key: string): string {
    return path.join(this.root, ...checkStorageKey(key).split('/'));
  }

  async put(key: string, body: Buffer | AsyncIterable<Uint8Array>): Promise<{ size: number }> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside under a hidden name (never a key, so never listed or served), then renamed:
    // a reader sees the whole file or none, and a failed stream leaves nothing.
    const partial = path.join(path.dirname(target), `.put-${randomBytes(12).toString('hex')}.part`);
    try {
      if (Buffer.isBuffer(body)) {
        const handle = await open(partial, 'wx');
        try {
          await handle.writeFile(body);
        } finally {
          await handle.close();
        }
      } else {
        await pipeline(Readable.from(body), createWriteStream(partial, { flags: 'wx' }));
      }
      const { size } = await stat(partial);
      await rename(partial, target);
      return { size };
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const found = await stat(this.file(key));
      if (!found.isFile()) return null;
      return infoOf(key, found);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.file(key), 'r');
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
    try {
      const found = await handle.stat();
      if (!found.isFile()) {
        await handle.close();
        return null;
      }
      // The stream closes the file when it ends or is destroyed.
      return { ...infoOf(key, found), body: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    // Walk only the prefix's folder: DATA_DIR also holds the database and secrets.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = path.join(this.root, ...folder.split('/').filter(Boolean));
    let entries: Dirent[];
    try {
      entries = await readdir(start, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (!key.startsWith(prefix) || !isStorageKey(key)) continue;
      const found = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
      if (found) yield { key, size: found.size, lastModified: found.mtime };
    }
  }

  close(): void {}
}

/** What a stored file's stat says of it, as every adapter describes an object. */
function infoOf(key: string, found: { size: number; mtime: Date }): ObjectInfo {
  return {
    key,
    size: found.size,
    contentType: contentTypeOf(key),
    etag: etagOf(found.size, found.mtime),
    lastModified: found.mtime,
  };
}
