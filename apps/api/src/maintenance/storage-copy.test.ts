import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyObjects, objectDigest } from '../lib/storage/copy-objects';
import { LocalDiskStore } from '../lib/storage/local-disk-store';
import type { ObjectStore } from '../lib/storage/object-store';
import { keepLastLines, tsxProcess } from '../test/api-process';
import { startS3Server, type TestS3Server } from '../test/s3-server';

/**
 * `npm run storage:copy` (maintenance/storage-copy.ts) moving a DATA_DIR into a bucket on a local
 * S3 server: every file of uploads/ and digital/ copied and checked, nothing else of DATA_DIR,
 * a second run copying nothing, and a copy that reads back different reported with exit 1.
 */
let s3: TestS3Server;
let dataDir: string;
let bucket: ObjectStore;

const files: Record<string, Buffer> = {
  'uploads/demo/slides/a-1.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  'uploads/avatars/7-0123456789abcdef.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
  'digital/3-big.pdf': Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(6 * 1024 * 1024, 5)]),
};

async function runCopy(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = tsxProcess('apps/api/src/maintenance/storage-copy.ts', [], {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...env,
  });
  const lines = keepLastLines(child, 50);
  const [code] = await once(child, 'exit');
  return { code: code as number | null, output: lines.join('\n') };
}

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-copy-'));
  for (const [key, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
    writeFileSync(path.join(dataDir, key), bytes);
  }
  // The rest of DATA_DIR stays where it is: the database, the link secret.
  mkdirSync(path.join(dataDir, 'pglite'));
  writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17');
  writeFileSync(path.join(dataDir, 'download-link.secret'), 'secret');
  bucket = s3.openStore();
});
afterAll(async () => {
  bucket?.close();
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The bucket seen through a folder of its own (`uploads/<folder>/`, so nothing there yet is
 * skipped), whose uploads pass through `mangle` (key, bytes) first: a store that garbles what it is
 * given, to prove the check after copying.
 */
function storeThatMangles(folder: string, mangle: (key: string, bytes: Buffer) => Buffer): ObjectStore {
  const moved = (key: string) => key.replace('uploads/', `uploads/${folder}/`);
  return {
    ...bucket,
    kind: 's3',
    description: `a ${folder} store`,
    head: (key) => bucket.head(moved(key)),
    get: (key) => bucket.get(moved(key)),
    delete: (key) => bucket.delete(key),
    list: (prefix) => bucket.list(prefix),
    close: () => {},
    async put(key, body, options) {
      const chunks: Buffer[] = [];
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) chunks.push(Buffer.from(chunk));
      return bucket.put(moved(key), mangle(key, Buffer.concat(chunks)), options);
    },
  };
}

describe('npm run storage:copy', () => {
  it('copies uploads/ and digital/ into the bucket, checks each, and copies nothing the second time', async () => {
    const first = await runCopy(s3.env);
    expect(first.output).toMatch(/3 copied, 0 already there, 0 different \(3 objects, 6\.0 MB checked/);
    expect(first.code).toBe(0);
    const listed: string[] = [];
    for await (const object of bucket.list('')) listed.push(object.key);
    expect(listed.sort()).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) {
      expect((await objectDigest(bucket, key))?.size, key).toBe(bytes.length);
      expect(await objectDigest(bucket, key)).toEqual(await objectDigest(new LocalDiskStore(dataDir), key));
    }
    expect((await bucket.head('uploads/demo/slides/a-1.svg'))?.contentType).toBe('image/svg+xml');

    const second = await runCopy(s3.env);
    expect(second.output).toMatch(/0 copied, 3 already there, 0 different/);
    expect(second.code).toBe(0);

    // A file changed on disk since (same size, other bytes) is copied again.
    writeFileSync(
      path.join(dataDir, 'uploads/avatars/7-0123456789abcdef.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 9, 9]),
    );
    const third = await runCopy(s3.env);
    expect(third.output).toMatch(/1 copied, 2 already there, 0 different/);
  }, 60_000);

  it('says where to copy to when STORAGE_URL is unset, and refuses a bad one', async () => {
    const unset = await runCopy({});
    expect(unset.code).toBe(2);
    expect(unset.output).toMatch(/Set STORAGE_URL/);
    const bad = await runCopy({ STORAGE_URL: 'https://bucket.example' });
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/STORAGE_URL: only s3:\/\/ stores/);
  }, 60_000);

  it('reports every object that reads back different', async () => {
    // A store that loses the last byte of whatever it is given: the check after copying must see
    // it. Its pictures live under uploads/lossy/ of the bucket, so none is there yet to skip (the
    // digital file is, equal, from the first test: skipped, not copied).
    const lossy = storeThatMangles('lossy', (_key, bytes) => bytes.subarray(0, bytes.length - 1));
    const summary = await copyObjects(new LocalDiskStore(dataDir), lossy);
    expect(summary.mismatched.sort()).toEqual([
      'uploads/avatars/7-0123456789abcdef.png',
      'uploads/demo/slides/a-1.svg',
    ]);
    expect(summary.copied).toBe(0);
  });

  it('sends an object again when it first reads back different, and reports only one that stays so', async () => {
    // A store that drops the last byte of the first upload of each key only (a cut connection):
    // the second put is whole, so everything is copied and nothing reported.
    const seen = new Set<string>();
    const flaky = storeThatMangles('flaky', (key, bytes) => {
      const first = !seen.has(key);
      seen.add(key);
      return first ? bytes.subarray(0, bytes.length - 1) : bytes;
    });
    const summary = await copyObjects(new LocalDiskStore(dataDir), flaky);
    expect(summary.mismatched).toEqual([]);
    expect(summary.copied).toBe(2);
  });
});
