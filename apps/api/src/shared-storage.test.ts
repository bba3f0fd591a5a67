import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPasswords } from './modules/auth';
import { type ApiProcess, freePort, killApiProcess, startApiProcess } from './test/api-process';
import { startS3Server, type TestS3Server } from './test/s3-server';
import { copySeededFiles, openTestDatabase, type TestDatabase } from './test/test-database';
import { CHEAP_PASSWORD_HASHES, NO_LOAD_SHEDDING } from './test/test-env';

/**
 * Issue 26's object storage across processes: three real API servers (the compiled build, each
 * with an empty DATA_DIR of its own) on one PostgreSQL database and one S3 bucket (s3rver). What
 * one process stores, every other serves; nothing lands on any process's own disk. Needs the
 * machine's PostgreSQL (TEST_DATABASE_URL): PGlite is one process.
 */
const missing = process.env.TEST_DATABASE_URL
  ? null
  : 'TEST_DATABASE_URL is not set (several processes need PostgreSQL; PGlite is one process)';
if (missing) console.warn(`shared storage tests not run: ${missing}`);

describe.skipIf(missing !== null)('three API processes on one S3 bucket', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  const processes: ApiProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ from: 'seeded' });
    s3 = await startS3Server();
    // The seeded database's pictures and downloads, moved into the bucket as storage:copy would.
    const seeded = mkdtempSync(path.join(os.tmpdir(), 'parade-seeded-'));
    dataDirs.push(seeded);
    copySeededFiles(seeded);
    expect((await s3.copyIn(seeded)).mismatched).toEqual([]);
    const started = await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), `parade-storage-${name}-`));
        dataDirs.push(dataDir);
        return startApiProcess(
          {
            ...NO_LOAD_SHEDDING,
            ...CHEAP_PASSWORD_HASHES,
            ...s3.env,
            NODE_ENV: 'test',
            DATABASE_URL: database.url as string,
            DATA_DIR: dataDir,
            SEED_DEMO: 'false',
            SERVE_APPS: 'false',
            GEOCODER: 'demo',
            LOG_LEVEL: 'warn',
            // Without a DATA_DIR in common, the processes must be told the one link secret
            // (else each makes its own, and a link one signed is refused by the others).
            DOWNLOAD_LINK_SECRET: 'a-test-download-link-secret-of-at-least-32-characters',
          },
          await freePort(),
        );
      }),
    );
    processes.push(...started);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((api) => killApiProcess(api, 'SIGTERM')));
    await s3?.stop();
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(api: ApiProcess, email: string, password: string): Promise<string> {
    const reply = await fetch(`${api.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(reply.status).toBe(200);
    return ((await reply.json()) as { data: { access_token: string } }).data.access_token;
  }

  const ownDisks = () =>
    dataDirs.slice(1).flatMap((dir) => ['uploads', 'digital'].filter((folder) => existsSync(path.join(dir, folder))));

  it('serves an avatar uploaded through A from B and C, byte for byte', async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const token = await signIn(a, 'customer@parade.test', demoPasswords.customer);
    const png = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('name', 'Shared Avatar');
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${a.origin}/api/user/update-profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as { data: { user: { avatar: string } } }).data.user.avatar;
    expect(url).toMatch(/^\/uploads\/avatars\//);

    const served = await Promise.all(
      [a, b, c].map(async (api) => {
        const reply = await fetch(`${api.origin}${url}`);
        return {
          status: reply.status,
          type: reply.headers.get('content-type'),
          bytes: Buffer.from(await reply.arrayBuffer()),
        };
      }),
    );
    for (const reply of served) expect(reply).toMatchObject({ status: 200, type: 'image/png' });
    expect(served[1]?.bytes.equals(served[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(served[2]?.bytes.equals(served[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(ownDisks()).toEqual([]);
  });

  it("hands out a bought file through C from a link B signed, and the demo's pictures from every process", async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const token = await signIn(b, 'customer@parade.test', demoPasswords.customer);
    const list = await fetch(`${b.origin}/api/user/digital-products`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const item = ((await list.json()) as { data: { data: { download_url: string; file: { size: number } }[] } }).data
      .data[0];
    const download = await fetch(`${c.origin}${item?.download_url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(item?.file.size);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const shops = (await (await fetch(`${a.origin}/api/shops`)).text()).match(/\/uploads\/demo\/[\w/.-]+\.svg/);
    expect(shops).not.toBeNull();
    for (const api of processes) expect((await fetch(`${api.origin}${shops?.[0]}`)).status).toBe(200);
    expect(ownDisks()).toEqual([]);
  });
});
