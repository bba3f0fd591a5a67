import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { storeDigitalFile } from '../digital-files';
import { AppError } from '../errors';
import { LocalDiskStore } from './local-disk-store';
import type { ObjectStore } from './object-store';

/**
 * The storage port's contract, the same for both adapters: local disk under a DATA_DIR, and an
 * S3 bucket through the real AWS SDK on a local S3-speaking server (s3rver). What one writes,
 * the other must behave the same about: whole objects or none, null for what is missing.
 */
let s3: TestS3Server;
const folders: string[] = [];
const stores: Record<string, ObjectStore> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-store-'));
  folders.push(dataDir);
  stores.local = new LocalDiskStore(dataDir);
  stores.s3 = s3.openStore();
});
afterAll(async () => {
  stores.s3?.close();
  await s3?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function text(store: ObjectStore, key: string): Promise<string | null> {
  const found = await store.get(key);
  if (!found) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function keys(store: ObjectStore, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const object of store.list(prefix)) found.push(object.key);
  return found.sort();
}

async function* chunks(...parts: (Buffer | Error)[]) {
  for (const part of parts) {
    if (part instanceof Error) throw part;
    yield part;
  }
}

describe.each(['local', 's3'])('%s store', (name) => {
  const store = () => stores[name] as ObjectStore;

  it('writes a buffer and a stream, reads them back with size, type and validators, lists and deletes them', async () => {
    const started = Date.now() - 2000;
    expect(await store().put('uploads/avatars/1-a.png', Buffer.from('picture'), { contentType: 'image/png' })).toEqual({
      size: 7,
    });
    expect(
      await store().put('digital/1-b.pdf', chunks(Buffer.from('%PDF-'), Buffer.from('1.4')), {
        contentType: 'application/pdf',
      }),
    ).toEqual({ size: 8 });

    const head = await store().head('uploads/avatars/1-a.png');
    expect(head).toMatchObject({ key: 'uploads/avatars/1-a.png', size: 7, contentType: 'image/png' });
    expect(head?.etag).toMatch(/^(W\/)?".+"$/);
    expect(head?.lastModified.getTime()).toBeGreaterThan(started);
    const opened = await store().get('digital/1-b.pdf');
    expect(opened).toMatchObject({ size: 8, contentType: 'application/pdf' });
    opened?.body.destroy();
    expect(await text(store(), 'digital/1-b.pdf')).toBe('%PDF-1.4');

    expect(await keys(store(), 'uploads/')).toEqual(['uploads/avatars/1-a.png']);
    expect(await keys(store(), 'digital/')).toEqual(['digital/1-b.pdf']);

    await store().delete('uploads/avatars/1-a.png');
    await store().delete('digital/1-b.pdf');
    // Deleting what is gone is no error.
    await store().delete('digital/1-b.pdf');
    expect(await store().get('uploads/avatars/1-a.png')).toBeNull();
    expect(await store().head('digital/1-b.pdf')).toBeNull();
    expect(await keys(store(), 'uploads/')).toEqual([]);
  });

  it('keeps nothing of a stream that fails halfway, and refuses keys outside uploads/ and digital/', async () => {
    await expect(
      store().put('digital/2-broken.pdf', chunks(Buffer.from('%PDF-'), new Error('client went away')), {
        contentType: 'application/pdf',
      }),
    ).rejects.toThrow('client went away');
    expect(await store().head('digital/2-broken.pdf')).toBeNull();
    expect(await keys(store(), 'digital/')).toEqual([]);
    for (const bad of [
      '../secret',
      'uploads/../pglite/x',
      'download-link.secret',
      'uploads/.hidden',
      '/uploads/a.png',
    ]) {
      await expect(store().put(bad, Buffer.from('x'), { contentType: 'text/plain' }), bad).rejects.toThrow(
        /Not a storage key/,
      );
    }
  });

  it('streams a digital file larger than one S3 part, and refuses one over the limit or of another kind storing nothing', async () => {
    // 12 MB in 1 MB chunks: three parts of a multipart upload on S3, never one 12 MB buffer.
    const megabyte = Buffer.alloc(1024 * 1024, 7);
    const parts = [Buffer.concat([Buffer.from('%PDF-1.7\n'), megabyte]), ...Array.from({ length: 11 }, () => megabyte)];
    const stored = await storeDigitalFile(store(), '9', chunks(...parts), 20 * 1024 * 1024);
    expect(stored).toMatchObject({ kind: 'pdf', size: 12 * 1024 * 1024 + 9, contentType: 'application/pdf' });
    expect((await store().head(stored.path))?.size).toBe(stored.size);
    await store().delete(stored.path);

    const refusals = await Promise.allSettled([
      storeDigitalFile(store(), '9', chunks(...parts), 6 * 1024 * 1024),
      storeDigitalFile(store(), '9', Object.assign(chunks(Buffer.from('%PDF-1.4')), { truncated: true }), 100),
      storeDigitalFile(store(), '9', chunks(Buffer.from('just some text, not a file we sell')), 1000),
    ]);
    expect(refusals.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const refusal of refusals) if (refusal.status === 'rejected') expect(refusal.reason).toBeInstanceOf(AppError);
    expect(await keys(store(), 'digital/')).toEqual([]);
  });
});

describe('local store', () => {
  it('lists only uploads/ and digital/, never the rest of DATA_DIR nor a write in progress', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-store-'));
    folders.push(dataDir);
    await mkdir(path.join(dataDir, 'uploads', 'demo'), { recursive: true });
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'demo', 'a.svg'), '<svg/>');
    writeFileSync(path.join(dataDir, 'uploads', 'demo', '.put-123.part'), 'half');
    writeFileSync(path.join(dataDir, 'pglite', 'base'), 'db');
    writeFileSync(path.join(dataDir, 'download-link.secret'), 'secret');
    const local = new LocalDiskStore(dataDir);
    expect(await keys(local, 'uploads/')).toEqual(['uploads/demo/a.svg']);
    expect(await keys(local, '')).toEqual(['uploads/demo/a.svg']);
    expect(readdirSync(path.join(dataDir, 'uploads', 'demo')).sort()).toEqual(['.put-123.part', 'a.svg']);
  });
});
