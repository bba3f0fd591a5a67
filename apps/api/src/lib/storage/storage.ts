import path from 'node:path';
import { LocalDiskStore } from './local-disk-store';
import type { ObjectStore } from './object-store';
import { S3Store } from './s3-store';
import type { StorageSettings } from './storage-url';

/** The store the configuration names: a bucket when STORAGE_URL is set, else DATA_DIR on local disk. */
export function openObjectStore(settings: StorageSettings, dataDir: string): ObjectStore {
  return settings.kind === 's3' ? new S3Store(settings) : new LocalDiskStore(path.resolve(dataDir));
}
