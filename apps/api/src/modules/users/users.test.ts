import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES, authMessages } from '@parade/core/auth-schemas';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { realImage } from '../../test/test-images';
import { bearer, multipartPayload, signUp } from '../../test/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// The smallest real images: a 1x1 PNG and GIF (avatars are decoded and written again).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function form(fields: Record<string, string>, avatar?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (avatar) data.append('avatar', new Blob([avatar.bytes], { type: avatar.type }), avatar.name);
  return data;
}

async function updateProfile(token: string, data: FormData) {
  const { payload, headers } = await multipartPayload(data);
  return t.app.inject({
    method: 'POST',
    url: '/api/user/update-profile',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

const avatarFiles = () => {
  const dir = path.join(t.app.uploadsDir, 'avatars');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /user/update-profile', () => {
  it('updates name and phone from multipart fields', async () => {
    const { token } = await signUp(t.app, { name: 'Old Name' });
    const res = await updateProfile(token, form({ name: 'New Name', phone: '020 7946 0000' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ name: 'New Name', phone: '020 7946 0000', avatar: null });
    expect(res.body).not.toMatch(/password/i);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().data.user.name).toBe('New Name');

    const cleared = await updateProfile(token, form({ name: 'New Name', phone: '' }));
    expect(cleared.json().data.user.phone).toBeNull();
  });

  it('applies the name and phone rules', async () => {
    const { token } = await signUp(t.app);
    const res = await updateProfile(token, form({ name: 'N4me!', phone: 'call me' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: [authMessages.nameInvalid], phone: [authMessages.phoneInvalid] });
  });

  it('stores an avatar under our own name and serves it at /uploads/avatars/', async () => {
    const { token, user } = await signUp(t.app);
    const res = await updateProfile(
      token,
      form({ name: 'Pic Person' }, { bytes: png, name: '../../../evil.php', type: 'text/x-php' }),
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.user.avatar;
    expect(url).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[0-9a-f]{16}\\.png$`));
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(avatarFiles().some((name) => name.includes('evil'))).toBe(false);

    // A new picture replaces the old file (a GIF is kept as a PNG of its first frame).
    const next = await updateProfile(
      token,
      form({ name: 'Pic Person' }, { bytes: gif, name: 'me.gif', type: 'image/gif' }),
    );
    expect(next.json().data.user.avatar).toMatch(/\.png$/);
    expect(next.json().data.user.avatar).not.toBe(url);
    expect(avatarFiles()).not.toContain(path.basename(url));
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it('leaves exactly one file when uploads race', async () => {
    const { token, user } = await signUp(t.app);
    const mine = () => avatarFiles().filter((name) => name.startsWith(`${user.id}-`));
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        updateProfile(token, form({ name: 'Racing Person' }, { bytes: png, name: 'me.png', type: 'image/png' })),
      ),
    );
    expect(replies.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    const current = path.basename(me.json().data.user.avatar);
    expect(mine()).toEqual([current]);
  });

  it('accepts JPEG and WebP and an image close to the 2 MB limit', async () => {
    const { token } = await signUp(t.app);
    for (const [bytes, ext] of [
      [await realImage(3, 3, 'jpeg'), 'jpg'],
      [await realImage(3, 3, 'webp'), 'webp'],
    ] as const) {
      const res = await updateProfile(
        token,
        form({ name: 'Any Name' }, { bytes, name: 'x', type: 'application/octet-stream' }),
      );
      expect(res.json().data.user.avatar).toMatch(new RegExp(`\\.${ext}$`));
    }
    const big = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    const res = await updateProfile(
      token,
      form({ name: 'Any Name' }, { bytes: big, name: 'big.png', type: 'image/png' }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a file that is not a PNG, JPEG, WebP or GIF, whatever its name and type say', async () => {
    const { token } = await signUp(t.app);
    const before = avatarFiles().length;
    for (const bytes of [Buffer.from('<?php system($_GET["c"]); ?>'), Buffer.from('<svg onload="alert(1)"/>')]) {
      const res = await updateProfile(
        token,
        form({ name: 'Any Name' }, { bytes, name: 'photo.png', type: 'image/png' }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'avatar_not_image',
        errors: { avatar: [authMessages.avatarNotImage] },
      });
    }
    expect(avatarFiles()).toHaveLength(before);
  });

  it('refuses an avatar over 2 MB and stores nothing', async () => {
    const { token, user } = await signUp(t.app, { name: 'Kept Name' });
    const before = avatarFiles().length;
    const huge = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    const res = await updateProfile(
      token,
      form({ name: 'Changed Name' }, { bytes: huge, name: 'huge.png', type: 'image/png' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ avatar: [authMessages.avatarTooLarge] });
    expect(avatarFiles()).toHaveLength(before);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().data.user).toMatchObject({ id: user.id, name: 'Kept Name', avatar: null });
  });

  it('turns a guest away before reading the upload', async () => {
    const { payload, headers } = await multipartPayload(
      form({ name: 'Guest' }, { bytes: png, name: 'a.png', type: 'image/png' }),
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/user/update-profile', payload, headers });
    expect(res.statusCode).toBe(401);
  });

  it('also takes a JSON body without an avatar', async () => {
    const { token } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-profile',
      payload: { name: 'Json Name', phone: '07700 900999', role: 'admin' },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    // Unknown fields are ignored, never written.
    expect(res.json().data.user).toMatchObject({ name: 'Json Name', phone: '07700 900999', role: 'customer' });
  });
});
