import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/**
 * Draws the storefront's app icons (docs/decisions/035) from apps/web/public/favicon.svg with
 * Chromium, into apps/web/public: run once, and again only when the favicon changes; the PNGs
 * are committed.
 *
 * - icons/icon-192.png, icons/icon-512.png: the favicon as it is (rounded corners, transparent
 *   outside them), for launchers that show an icon as given ("any").
 * - icons/icon-maskable-192.png, icons/icon-maskable-512.png: the same square without its rounded
 *   corners, orange to the edge, for launchers that cut their own shape ("maskable"). The letter
 *   stays within the middle 80 % circle every mask keeps.
 * - apple-touch-icon.png (180): iOS's Home Screen, which rounds the corners itself and shows
 *   transparency as black, so the full square too.
 *
 * Usage: node scripts/generate-pwa-icons.mjs  (uses the system Chromium; CHROMIUM_PATH overrides)
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The full square: the favicon's rectangle without its corner radius.
const fullSquare = favicon.replace(/\s+rx="[^"]*"/, '');
if (fullSquare === favicon) throw new Error('favicon.svg has no rounded rectangle (rx) to square off');

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: favicon },
  { file: 'icons/icon-512.png', size: 512, svg: favicon },
  { file: 'icons/icon-maskable-192.png', size: 192, svg: fullSquare },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: fullSquare },
  { file: 'apple-touch-icon.png', size: 180, svg: fullSquare },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    mkdirSync(path.dirname(path.join(publicDir, icon.file)), { recursive: true });
    writeFileSync(path.join(publicDir, icon.file), png);
    await page.close();
    console.log(`apps/web/public/${icon.file}: ${icon.size}x${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
