import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { fsyncStats } from './pglite-durable.mjs';

/**
 * The embedded database outside a laptop (issue 28, decision 045): with `pgliteFsync` PGlite
 * runs PostgreSQL with fsync on and its commits reach the disk (a real fsync per commit), and
 * the data is there after a restart. Without it, PGlite's own default: fsync off.
 */
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parade-durable-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('PGlite durability', () => {
  it('with fsync on, flushes each commit to the disk and keeps it across a restart', async () => {
    const dir = dataDir();
    const database = await openDatabase({ dataDir: dir, pgliteWorker: false, pgliteFsync: true });
    const show = await database.db.execute(
      sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
    );
    expect((show as unknown as { rows: unknown[] }).rows[0]).toEqual({ fsync: 'on', method: 'fsync' });
    await database.db.execute(sql`create table kept (x int)`);
    const before = fsyncStats.calls;
    await database.db.execute(sql`insert into kept values (28)`);
    expect(fsyncStats.calls).toBeGreaterThan(before);
    await database.close();
    const again = await openDatabase({ dataDir: dir, pgliteWorker: false, pgliteFsync: true });
    expect(((await again.db.execute(sql`select x from kept`)) as unknown as { rows: unknown[] }).rows).toEqual([
      { x: 28 },
    ]);
    await again.close();
  }, 60_000);

  it('on the worker thread too', async () => {
    const database = await openDatabase({ dataDir: dataDir(), pgliteFsync: true });
    const show = await database.db.execute(sql`select current_setting('fsync') as fsync`);
    expect((show as unknown as { rows: unknown[] }).rows[0]).toEqual({ fsync: 'on' });
    await database.close();
  }, 60_000);

  it('without it, runs as PGlite does by default (fsync off: a laptop’s)', async () => {
    const database = await openDatabase({ dataDir: dataDir(), pgliteWorker: false });
    const show = await database.db.execute(sql`select current_setting('fsync') as fsync`);
    expect((show as unknown as { rows: unknown[] }).rows[0]).toEqual({ fsync: 'off' });
    await database.close();
  }, 60_000);
});
