import { deflateSync } from 'node:zlib';
import { seriousA11yViolations } from '@parade/test-support/axe';
import { e2eServer } from '@parade/test-support/e2e-servers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, saveScreenshot, viewports } from './support/browser';
import { accounts, api, signIn } from './support/staff';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** CRC-32 of PNG chunks (the polynomial of the PNG specification). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real, decodable PNG of one colour: what the admin uploads as a slide. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function adminToken(): Promise<string> {
  const reply = await api<{ access_token: string }>(e2eServer().baseURL, 'auth/login', {
    method: 'POST',
    body: accounts.admin,
  });
  return reply.body.data.access_token;
}

/** Removes what the spec made, whatever happened, so the storefront's own specs see the demo content. */
async function removeByTitle(token: string, kind: 'sliders' | 'blog-posts', title: string) {
  const found = await api<{ data: { id: number; title: string }[] }>(
    e2eServer().baseURL,
    `admin/${kind}?search=${encodeURIComponent(title)}`,
    { token },
  );
  for (const item of found.body.data?.data ?? []) {
    if (item.title === title) await api(e2eServer().baseURL, `admin/${kind}/${item.id}`, { method: 'DELETE', token });
  }
}

/** Axe on the screen once its transitions have finished (a modal fading in has half-transparent text). */
async function expectAccessible(page: Page, screen: string) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await seriousA11yViolations(page), screen).toEqual([]);
}

describe('platform editorial content', () => {
  it('writes a formatted blog post and a home slide, and the storefront shows both', async () => {
    const stamp = Date.now() % 100000;
    const postTitle = `Wild garlic season ${stamp}`;
    const slideTitle = `Wild garlic is back ${stamp}`;
    const token = await adminToken();
    const { page, context } = await newPage(browser);
    try {
      await signIn(page, accounts.admin);
      await page.getByText('Shop requests waiting').waitFor();

      // ---- The blog post, written in the rich text editor.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blog posts' }).click();
      await page.getByRole('heading', { name: 'Blog posts', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Blog posts' }).getByRole('row').nth(1).waitFor();
      await expectAccessible(page, 'blog posts');
      await page.getByRole('link', { name: 'New post' }).click();
      const body = page.getByRole('textbox', { name: 'Post' });
      await body.waitFor();
      await expectAccessible(page, 'blog editor');

      // Saving an empty post names what is missing under each field.
      await page.getByRole('button', { name: 'Save post' }).click();
      expect(await page.getByLabel(/^Title/).getAttribute('aria-invalid')).toBe('true');
      await page.getByText('Write the post.').waitFor();
      await page.getByText('Choose a category.').waitFor();

      await page.getByLabel(/^Title/).fill(postTitle);
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Recipes' }).click();
      await body.click();
      await page.getByRole('button', { name: 'Heading 2' }).click();
      await page.keyboard.type('Where to find it');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Pick the leaves ');
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type('before the flowers open');
      await page.getByRole('button', { name: 'Bold' }).click();
      await page.keyboard.type(', then wash them well.');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Bullet list' }).click();
      await page.keyboard.type('Pesto');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Butter');
      await page.getByRole('switch', { name: 'Published' }).check();
      await page.getByRole('button', { name: 'Save post' }).click();
      await page.getByText(`${postTitle} is saved.`).waitFor();
      await page.waitForURL(/\/admin\/platform\/blog\/\d+$/);
      await page.getByRole('heading', { name: postTitle, level: 1 }).waitFor();
      await page.getByText('Published', { exact: true }).first().waitFor();
      await saveScreenshot(page, 'platform-blog-editor-desktop');

      // ---- The home slide, with a picture uploaded and checked by the server.
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Home sliders' })
        .click();
      await page.getByRole('table', { name: 'Slides' }).getByRole('row').nth(1).waitFor();
      await expectAccessible(page, 'home sliders');
      await page.getByRole('button', { name: 'New slide' }).click();
      const dialog = page.getByRole('dialog', { name: 'New slide' });
      await dialog.getByRole('button', { name: 'Save slide' }).click();
      expect(await dialog.getByLabel(/^Title/).getAttribute('aria-invalid')).toBe('true');
      await dialog.getByLabel(/^Title/).fill(slideTitle);
      await dialog.getByLabel(/^Caption/).fill('Fresh bunches at Green Barrow this week');
      await dialog.getByLabel(/^Link/).fill('/vendor/green-barrow');
      await dialog
        .locator('input[type="file"]')
        .first()
        .setInputFiles({ name: 'wild-garlic.png', mimeType: 'image/png', buffer: solidPng(800, 250, [46, 125, 50]) });
      await dialog.getByRole('img', { name: 'Preview of the picture' }).waitFor();
      expect(await dialog.getByLabel(/^Picture/).inputValue()).toMatch(/^\/uploads\/content\/.+\.png$/);
      await expectAccessible(page, 'slide form');
      await dialog.getByRole('button', { name: 'Save slide' }).click();
      await page.getByText(`${slideTitle} is saved.`).waitFor();
      await page.getByRole('row', { name: new RegExp(slideTitle) }).waitFor();

      // ---- The storefront, in a new visitor's browser.
      const shopper = await newPage(browser);
      await shopper.page.goto('/');
      await shopper.page
        .getByRole('img', { name: new RegExp(slideTitle) })
        .first()
        .waitFor({ state: 'attached' });
      await shopper.page.goto('/blog');
      await shopper.page.getByRole('link', { name: postTitle }).first().click();
      await shopper.page.getByRole('heading', { name: postTitle, level: 1 }).waitFor();
      const article = shopper.page.locator('article');
      await article.getByRole('heading', { name: 'Where to find it', level: 2 }).waitFor();
      expect(await article.locator('strong').filter({ hasText: 'before the flowers open' }).count()).toBe(1);
      expect(await article.getByRole('listitem').allTextContents()).toEqual(['Pesto', 'Butter']);
      await shopper.context.close();
    } finally {
      await removeByTitle(token, 'sliders', slideTitle);
      await removeByTitle(token, 'blog-posts', postTitle);
      await context.close();
    }
  });

  it('shows a page text with an ampersand as the admin typed it, not as "&amp;"', async () => {
    const token = await adminToken();
    const baseURL = e2eServer().baseURL;
    type Setting = { section: string; key: string; value: string; value_type: string };
    const found = await api<{ data: { id: number; slug: string }[] }>(baseURL, 'admin/pages?search=privacy', { token });
    const listed = found.body.data.data.find((p) => p.slug === 'privacy-policy');
    if (!listed) throw new Error('the demo has no privacy-policy page');
    const before = await api<{ page: { settings: Setting[] } }>(baseURL, `admin/pages/${listed.id}`, { token });
    const original = before.body.data.page.settings.map(({ section, key, value, value_type }) => ({
      section,
      key,
      value,
      value_type,
    }));
    const words = 'Your data & your rights <3';
    const changed = [
      ...original.filter((s) => !(s.section === 'banner' && s.key === 'subtitle')),
      { section: 'banner', key: 'subtitle', value: words, value_type: 'text' },
    ];
    const { page, context } = await newPage(browser, viewports.mobile);
    try {
      const saved = await api(baseURL, `admin/pages/${listed.id}`, {
        method: 'PUT',
        token,
        body: { settings: changed },
      });
      expect(saved.status).toBe(200);
      await page.goto('/privacy-policy');
      // On a phone the banner's words show as text (on wide screens the artwork carries them,
      // and the same words are kept for screen readers only).
      await page.getByText(words, { exact: true }).filter({ visible: true }).waitFor();
      expect(await page.getByText('&amp;').count()).toBe(0);
    } finally {
      await api(baseURL, `admin/pages/${listed.id}`, { method: 'PUT', token, body: { settings: original } });
      await context.close();
    }
  });

  it('has no serious accessibility problems on the content screens, on a desktop and a phone', async () => {
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      const { page, context } = await newPage(browser, viewport);
      await signIn(page, accounts.admin);
      await page.getByText('Shop requests waiting').waitFor();
      const screens: [string, string, () => Promise<void>][] = [
        [
          'pages',
          '/admin/platform/pages',
          () => page.getByRole('table', { name: 'Pages' }).getByRole('row').nth(1).waitFor(),
        ],
        [
          'page editor',
          '/admin/platform/pages',
          async () => {
            await page
              .getByRole('table', { name: 'Pages' })
              .getByRole('link', { name: 'About Parade', exact: true })
              .click();
            await page.getByRole('group', { name: 'Setting 1' }).waitFor();
          },
        ],
        [
          'blog categories',
          '/admin/platform/blog-categories',
          () => page.getByRole('table', { name: 'Blog categories' }).getByRole('row').nth(1).waitFor(),
        ],
        [
          'deals',
          '/admin/platform/deals',
          () => page.getByRole('table', { name: 'Deals' }).getByRole('row').nth(1).waitFor(),
        ],
        [
          'deal form',
          '/admin/platform/deals',
          async () => {
            await page.getByRole('table', { name: 'Deals' }).getByRole('row').nth(1).waitFor();
            await page.getByRole('button', { name: 'New deal' }).click();
            await page
              .getByRole('dialog', { name: 'New deal' })
              .getByLabel(/^Title/)
              .waitFor();
          },
        ],
      ];
      for (const [screen, url, ready] of screens) {
        await page.goto(url);
        await ready();
        await expectAccessible(page, `${screen} (${viewport.width} px)`);
        // Nothing is wider than the screen: a phone never scrolls sideways.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen} (${viewport.width} px) is wider than the screen`).toBeLessThanOrEqual(0);
      }
      if (viewport.width < 500) await saveScreenshot(page, 'platform-deal-form-mobile');
      await context.close();
    }
    // Eight screens at two sizes, axe on each: about a minute on a busy 2-core machine (ci30).
  }, 150_000);
});
