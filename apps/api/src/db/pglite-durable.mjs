/**
 * PGlite with its commits on the disk (docs/decisions/045). PGlite starts PostgreSQL with `-F`
 * (fsync off), and its Node file system (Emscripten's NODEFS) answers fsync without calling it:
 * a commit is then in the operating system's cache only, and a power cut or an OS crash can lose
 * it or corrupt the cluster. This starts PostgreSQL without `-F`, with `wal_sync_method=fsync`
 * (fdatasync is a no-op in PGlite's system layer; fsync reaches the file system), and gives
 * NODEFS a real fsync: each one flushes the file to the disk before the commit is answered.
 * Plain JavaScript: the worker thread (pglite-worker.mjs) runs it without the TypeScript loader.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's own start parameters, without `-F`. */
export const DURABLE_START_PARAMS = PGlite.defaultStartParams
  ? PGlite.defaultStartParams.filter((param) => param !== '-F')
  : undefined;

/** The extra settings of a durable cluster. */
export const DURABLE_CONF = ['fsync=on', 'wal_sync_method=fsync', 'synchronous_commit=on', 'full_page_writes=on'];

/** Counts the fsyncs that reached the disk (for the tests that prove it). */
export const fsyncStats = { calls: 0 };

/** NODEFS whose fsync flushes the real file. */
export class DurableNodeFS extends NodeFS {
  async init(pg, emscriptenOpts) {
    const options = await super.init(pg, emscriptenOpts);
    const opts = options.emscriptenOpts;
    return {
      ...options,
      emscriptenOpts: {
        ...opts,
        preRun: [
          ...(opts.preRun || []),
          (module) => {
            const ops = module.NODEFS.stream_ops;
            ops.fsync = (stream) => {
              if (typeof stream.nfd === 'number') {
                fs.fsyncSync(stream.nfd);
                fsyncStats.calls += 1;
              }
              return 0;
            };
          },
        ],
      },
    };
  }
}

/** The PGlite options that make a file-backed cluster durable. */
export function durableOptions(dataDir) {
  if (!DURABLE_START_PARAMS) throw new Error('this PGlite does not expose its start parameters');
  return { fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS };
}
