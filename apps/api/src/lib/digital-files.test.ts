import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanFileName, digitalFileKey, digitalFileKind, storeDigitalFile } from './digital-files';
import { AppError } from './errors';
import { LocalDiskStore } from './storage/local-disk-store';

const bytes = (text: string, pad = 0) => Buffer.concat([Buffer.from(text, 'latin1'), Buffer.alloc(pad)]);

describe('digitalFileKind', () => {
  it('tells the accepted kinds by their first bytes', () => {
    expect(digitalFileKind(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(digitalFileKind(bytes('PK\x03\x04', 60))).toBe('zip');
    const epub = Buffer.alloc(64);
    epub.write('PK\x03\x04', 0, 'latin1');
    epub.write('mimetypeapplication/epub+zip', 30, 'latin1');
    expect(digitalFileKind(epub)).toBe('epub');
    expect(digitalFileKind(bytes('ID3\x03\x00', 10))).toBe('mp3');
    expect(digitalFileKind(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(digitalFileKind(Buffer.from([0xff, 0xf3, 0x48, 0xc4]))).toBe('mp3');
    expect(digitalFileKind(bytes('\x89PNG\r\n\x1a\n', 8))).toBe('png');
    expect(digitalFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
  });

  it('refuses everything else, including look-alikes', () => {
    for (const head of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('GIF89a', 4),
      bytes('RIFF\x00\x00\x00\x00WEBPVP8 '),
      bytes('MZ\x90\x00'),
      bytes('#!/bin/sh\n'),
      bytes('%PD'),
      // An MPEG frame of layer II, and one with the reserved version bits.
      Buffer.from([0xff, 0xfd, 0x90, 0x64]),
      Buffer.from([0xff, 0xeb, 0x90, 0x64]),
      Buffer.alloc(0),
    ]) {
      expect(digitalFileKind(head), head.toString('latin1')).toBeNull();
    }
  });
});

describe('cleanFileName', () => {
  it('keeps the last part of a path, without control characters', () => {
    expect(cleanFileName('C:\\fakepath\\Planner 2027.pdf', 'pdf')).toBe('Planner 2027.pdf');
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(cleanFileName('bad\r\nname.pdf', 'pdf')).toBe('bad name.pdf');
    expect(cleanFileName('\u0007bell\u0000.pdf', 'pdf')).toBe('bell.pdf');
  });

  it('drops bidi and other invisible format characters, and gives the file the extension of its kind (issue 22)', () => {
    // Shown as "ﬁexe.png" with the right-to-left override, but saved as ".exe".
    expect(cleanFileName('ﬁ\u202Egnp.exe', 'png')).toBe('ﬁgnp.png');
    expect(cleanFileName('re\u200Bport\u2066.pdf\u2069', 'pdf')).toBe('report.pdf');
    expect(cleanFileName('cover.JPEG', 'jpeg')).toBe('cover.JPEG');
    expect(cleanFileName('cover.jpg', 'jpeg')).toBe('cover.jpg');
    expect(cleanFileName('album.zip', 'mp3')).toBe('album.mp3');
    expect(cleanFileName('Recipes', 'epub')).toBe('Recipes.epub');
    expect(cleanFileName('v1.2 release notes for the shop', 'pdf')).toBe('v1.2 release notes for the shop.pdf');
  });

  it('names a nameless file after its kind, and cuts a long name keeping the extension', () => {
    expect(cleanFileName('', 'mp3')).toBe('download.mp3');
    expect(cleanFileName(undefined, 'jpeg')).toBe('download.jpg');
    expect(cleanFileName('..', 'pdf')).toBe('download.pdf');
    const long = cleanFileName(`${'a'.repeat(300)}.epub`, 'epub');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.epub')).toBe(true);
  });
});

describe('storeDigitalFile', () => {
  let dataDir: string;
  let store: LocalDiskStore;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'parade-digital-'));
    store = new LocalDiskStore(dataDir);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  async function* chunks(...parts: Buffer[]) {
    for (const part of parts) yield part;
  }
  const folder = async () => readdir(path.join(dataDir, 'digital'));

  it('writes the file under digital/ with a random name and its kind', async () => {
    const stored = await storeDigitalFile(store, '7', chunks(bytes('%PD'), bytes('F-1.4 rest')), 1000);
    expect(stored).toMatchObject({ size: 13, kind: 'pdf', contentType: 'application/pdf' });
    expect(stored.path).toMatch(/^digital\/7-[0-9a-f]{32}\.pdf$/);
    expect(digitalFileKey(stored.path)).toBe(stored.path);
    expect(await folder()).toEqual([path.basename(stored.path)]);
    await rm(path.join(dataDir, stored.path));
  });

  it('leaves nothing behind when the file is too large, cut off by the parser, or of another kind', async () => {
    const refusals = [
      storeDigitalFile(store, '7', chunks(bytes('%PDF-', 20)), 10),
      storeDigitalFile(store, '7', Object.assign(chunks(bytes('%PDF-')), { truncated: true }), 10),
      storeDigitalFile(store, '7', chunks(bytes('just text')), 1000),
    ];
    // Settled together: awaiting them one by one left a later refusal unhandled for a moment,
    // which Node reports as an unhandled rejection (and Vitest as an error of the run).
    const outcomes = await Promise.allSettled(refusals);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(AppError);
    }
    expect(await folder()).toEqual([]);
  });

  it('resolves only paths of its own form', () => {
    expect(digitalFileKey('digital/book.pdf')).toBe('digital/book.pdf');
    for (const bad of [
      'digital/../pglite/x',
      '../digital/a.pdf',
      'uploads/a.pdf',
      'digital/sub/a.pdf',
      'digital/.hidden',
    ]) {
      expect(digitalFileKey(bad), bad).toBeNull();
    }
  });
});
