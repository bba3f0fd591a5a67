import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { type CopySummary, copyObjects } from '../lib/storage/copy-objects';
import { LocalDiskStore } from '../lib/storage/local-disk-store';
import type { ObjectStore } from '../lib/storage/object-store';
import { S3Store } from '../lib/storage/s3-store';

/**
 * A real S3-speaking server for tests (s3rver, in this process, on a free port, over a temporary
 * folder): the API's S3 adapter talks to it through the real AWS SDK, as it would to a bucket.
 * Other processes (an API started as a child) reach it at `url` too.
 *
 * A process that should use it needs, in its environment, what `env` holds:
 * STORAGE_URL=s3://<bucket>?endpoint=http://127.0.0.1:<port>&region=us-east-1,
 * AWS_ACCESS_KEY_ID=S3RVER and AWS_SECRET_ACCESS_KEY=S3RVER (s3rver's fixed credentials; it checks
 * the signature).
 */
export interface TestS3Server {
  /** The server's address, e.g. http://127.0.0.1:41234. */
  url: string;
  bucket: string;
  /** STORAGE_URL naming the bucket on this server. */
  storageUrl: string;
  /** Every variable a process needs to use the bucket: STORAGE_URL and the AWS credentials. */
  env: Record<'STORAGE_URL' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY', string>;
  /** The bucket as the API sees it (close it when done), to look at or put objects. */
  openStore(): ObjectStore;
  /**
   * Copies a DATA_DIR's uploads/ and digital/ into the bucket, as `npm run storage:copy` does: e.g.
   * the seeded demo's files (test-database's copySeededFiles into a folder, then this), so API
   * processes on a seeded database find its pictures and downloads in the bucket.
   */
  copyIn(dataDir: string): Promise<CopySummary>;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' } as const;

/** Starts s3rver with one empty bucket (`parade-test` unless named). */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'parade-test';
  const directory = mkdtempSync(path.join(os.tmpdir(), 'parade-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const storageUrl = `s3://${bucket}?endpoint=${encodeURIComponent(url)}&region=us-east-1`;
  const openStore = () =>
    new S3Store({
      kind: 's3',
      bucket,
      endpoint: url,
      region: 'us-east-1',
      credentials: {
        accessKeyId: S3RVER_CREDENTIALS.AWS_ACCESS_KEY_ID,
        secretAccessKey: S3RVER_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
      },
    });
  return {
    url,
    bucket,
    storageUrl,
    env: { STORAGE_URL: storageUrl, ...S3RVER_CREDENTIALS },
    openStore,
    async copyIn(dataDir) {
      const store = openStore();
      try {
        return await copyObjects(new LocalDiskStore(dataDir), store);
      } finally {
        store.close();
      }
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
