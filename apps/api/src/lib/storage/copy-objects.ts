import { createHash } from 'node:crypto';
import { contentTypeOf, type ObjectStore, STORAGE_PREFIXES } from './object-store';

/** What a copy did: each object copied, already there (equal), or found different after copying. */
export interface CopySummary {
  copied: number;
  skipped: number;
  /** Bytes of every object checked (copied or skipped). */
  bytes: number;
  /** Keys whose copy, read back, differs from the source (size or SHA-256), or that could not be read back. */
  mismatched: string[];
}

/** Size and SHA-256 of an object, read through; null when the store has no such object. */
export async function objectDigest(store: ObjectStore, key: string): Promise<{ size: number; sha256: string } | null> {
  const found = await store.get(key);
  if (!found) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of found.body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Puts of one object before a copy that still differs is reported. */
const COPY_ATTEMPTS = 3;

/**
 * Copies every object under uploads/ and digital/ of `source` (a DATA_DIR on local disk) into
 * `target` (a bucket), then reads each one back from the target and compares its size and
 * SHA-256 with the source's. An object the target already holds, equal, is not copied again:
 * running it twice (after an interruption, or to check) is safe. Objects are streamed, never
 * held whole in memory. `progress` is told of each object.
 */
export async function copyObjects(
  source: ObjectStore,
  target: ObjectStore,
  progress: (event: { key: string; outcome: 'copied' | 'skipped' | 'mismatched' }) => void = () => {},
): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, skipped: 0, bytes: 0, mismatched: [] };
  for (const prefix of STORAGE_PREFIXES) {
    for await (const listed of source.list(prefix)) {
      const { key } = listed;
      const wanted = await objectDigest(source, key);
      // Gone since the listing (deleted by a running API): nothing to copy.
      if (!wanted) continue;
      summary.bytes += wanted.size;
      const present = await target.head(key);
      if (present && present.size === wanted.size) {
        const there = await objectDigest(target, key);
        if (there && there.sha256 === wanted.sha256) {
          summary.skipped += 1;
          progress({ key, outcome: 'skipped' });
          continue;
        }
      }
      // Read back after each put; a copy that arrives different (a connection cut mid-upload, a
      // store under load: seen once in CI against the local S3 server) is sent again, twice at
      // most, before it is reported.
      let outcome: 'copied' | 'mismatched' | 'gone' = 'mismatched';
      for (let attempt = 1; attempt <= COPY_ATTEMPTS && outcome === 'mismatched'; attempt++) {
        const opened = await source.get(key);
        if (!opened) {
          outcome = 'gone';
          break;
        }
        await target.put(key, opened.body, { contentType: contentTypeOf(key) });
        const copied = await objectDigest(target, key);
        if (copied && copied.size === wanted.size && copied.sha256 === wanted.sha256) outcome = 'copied';
      }
      if (outcome === 'gone') continue;
      if (outcome === 'mismatched') {
        summary.mismatched.push(key);
        progress({ key, outcome: 'mismatched' });
        continue;
      }
      summary.copied += 1;
      progress({ key, outcome: 'copied' });
    }
  }
  return summary;
}
