import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  checkStorageKey,
  type ListedObject,
  type ObjectInfo,
  type ObjectStore,
  StorageUnavailableError,
  type StoredObject,
} from './object-store';
import type { StorageSettings } from './storage-url';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible bucket (STORAGE_URL), shared by every API process: what one process stores,
 * the others serve. Credentials are AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY of the
 * configuration's environment, else the SDK's usual chain (a profile, an instance role).
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.description = `s3://${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Servers other than AWS (MinIO, s3rver, most self-hosted ones) address buckets by path,
      // not by a bucket.host name that would need its own DNS entry.
      forcePathStyle: settings.endpoint !== undefined,
      // Since 3.729 the SDK adds CRC32 checksums to every upload and checks them on download
      // unless told otherwise; several S3-compatible servers (older MinIO, Ceph, some managed
      // stores) refuse or mangle those headers. Only where an operation requires one: integrity
      // is checked end to end by storage:copy and by the sizes we record.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(
    key: string,
    body: Buffer | AsyncIterable<Uint8Array>,
    options: { contentType: string },
  ): Promise<{ size: number }> {
    let size = 0;
    // The caller's stream failing (a refused upload) is the caller's error, passed on as it is.
    let bodyError: unknown;
    const counted = Buffer.isBuffer(body)
      ? body
      : Readable.from(
          (async function* () {
            try {
              for await (const chunk of body) {
                size += chunk.length;
                yield chunk;
              }
            } catch (error) {
              bodyError = error;
              throw error;
            }
          })(),
        );
    // lib-storage sends a stream in parts of 5 MB (one PUT when it is smaller): memory holds one
    // part at a time, never the whole file. A stream that fails aborts the multipart upload, so
    // nothing appears under the key.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkStorageKey(key), Body: counted, ContentType: options.contentType },
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      if (bodyError !== undefined) throw bodyError;
      throw new StorageUnavailableError('put', key, error);
    }
    return { size: Buffer.isBuffer(body) ? body.length : size };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }));
      return infoOf(key, found);
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError('head', key, error);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const found = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) }));
      const body = found.Body;
      if (!(body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return { ...infoOf(key, found), body };
    } catch (error) {
      if (isMissing(error)) return null;
      throw new StorageUnavailableError('get', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    checkStorageKey(key);
    try {
      // S3 answers 204 for a key that is not there too.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw new StorageUnavailableError('delete', key, error);
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client
        .send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }))
        .catch((error: unknown) => {
          throw new StorageUnavailableError('list', prefix, error);
        });
      for (const entry of page.Contents ?? []) {
        if (!entry.Key) continue;
        yield { key: entry.Key, size: entry.Size ?? 0, lastModified: entry.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

/** What S3 says of an object in the headers of HEAD and GET, as every adapter describes an object. */
function infoOf(
  key: string,
  found: { ContentLength?: number; ContentType?: string; ETag?: string; LastModified?: Date },
): ObjectInfo {
  return {
    key,
    size: found.ContentLength ?? 0,
    contentType: found.ContentType ?? 'application/octet-stream',
    etag: found.ETag ?? '""',
    lastModified: found.LastModified ?? new Date(0),
  };
}
