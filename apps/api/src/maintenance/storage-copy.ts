import { ConfigError, loadConfig } from '../config';
import { copyObjects } from '../lib/storage/copy-objects';
import { LocalDiskStore } from '../lib/storage/local-disk-store';
import { openObjectStore } from '../lib/storage/storage';

/**
 * `npm run storage:copy`: moves an existing DATA_DIR's uploads/ and digital/ into the bucket
 * STORAGE_URL names (docs/decisions/041), then reads every object back and compares its size and
 * SHA-256 with the file on disk. Objects already there and equal are skipped, so it can run
 * again after an interruption, or once more just before switching the API over. Exits 1 when an
 * object differs, 2 when there is nowhere to copy to.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (config.storage.kind === 'local') {
    console.error(
      'Set STORAGE_URL to the bucket to copy DATA_DIR into, e.g. s3://bucket?endpoint=http://127.0.0.1:9000',
    );
    return 2;
  }
  const source = new LocalDiskStore(config.dataDir);
  const target = openObjectStore(config.storage, config.dataDir);
  try {
    console.log(`Copying ${source.description} into ${target.description} ...`);
    const summary = await copyObjects(source, target, ({ key, outcome }) => {
      if (outcome === 'mismatched') console.error(`  differs after copying: ${key}`);
    });
    const megabytes = (summary.bytes / 1024 / 1024).toFixed(1);
    console.log(
      `${summary.copied} copied, ${summary.skipped} already there, ${summary.mismatched.length} different` +
        ` (${summary.copied + summary.skipped} objects, ${megabytes} MB checked by size and SHA-256).`,
    );
    return summary.mismatched.length > 0 ? 1 : 0;
  } finally {
    target.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
