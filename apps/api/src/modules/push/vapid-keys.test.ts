import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { ConfigError, loadConfig } from '../../config';
import { loadVapidKeys, VAPID_KEYS_FILE_NAME } from './vapid-keys';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parade-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the VAPID key pair', () => {
  it('is generated once into DATA_DIR (mode 0600) and read back on every later start', async () => {
    const dir = dataDir();
    const first = await loadVapidKeys({ dataDir: dir, vapid: {} });
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = path.join(dir, VAPID_KEYS_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(await loadVapidKeys({ dataDir: dir, vapid: {} })).toEqual(first);
  });

  it('is one pair when several processes start together on an empty DATA_DIR', async () => {
    const dir = dataDir();
    const pairs = await Promise.all([1, 2, 3, 4].map(() => loadVapidKeys({ dataDir: dir, vapid: {} })));
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, and nothing is written', async () => {
    const dir = dataDir();
    const given = webPush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: given.publicKey,
      VAPID_PRIVATE_KEY: given.privateKey,
    });
    expect(await loadVapidKeys(config)).toEqual(given);
    expect(() => statSync(path.join(dir, VAPID_KEYS_FILE_NAME))).toThrow();
  });

  it('refuses a damaged file instead of replacing it (every device would have to opt in again)', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, VAPID_KEYS_FILE_NAME), '{"publicKey": "short"}');
    await expect(loadVapidKeys({ dataDir: dir, vapid: {} })).rejects.toThrow(/does not hold a VAPID key pair/);
  });
});

describe('the VAPID configuration', () => {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();

  it('wants both keys or neither', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: privateKey })).toThrow(/set both/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
  });

  it('takes the subject given, or the public https address, or the mail sender', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@shop.example' }).vapid.subject).toBe('mailto:ops@shop.example');
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://shop.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ PUBLIC_URL: 'https://parade.example/' }).vapid.subject).toBe('https://parade.example');
    // A loopback or http address is no contact for a push service: the mail sender is.
    expect(loadConfig({ PUBLIC_URL: 'https://localhost:3000' }).vapid.subject).toBe('mailto:no-reply@parade.local');
    expect(loadConfig({ MAIL_FROM: 'Bow Market <hello@bow.example>' }).vapid.subject).toBe('mailto:hello@bow.example');
  });
});
