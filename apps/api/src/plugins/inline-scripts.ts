import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP sources (`'sha256-...'`) of the inline scripts a built app's index.html runs, so that
 * `script-src` allows exactly them and no other inline script. The storefront has one: it marks a
 * stored session on `<html>` before the first paint (apps/web/index.html), so that a signed-in
 * shopper's header is drawn signed in from the start. Scripts with a `src` and data blocks (a
 * `type` that is not JavaScript, such as the page's JSON state) are not run, so not listed.
 */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'text/javascript' && type !== 'module') continue;
    sources.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return sources;
}

/** The inline script sources of the app built into `root`, or none when it is not built. */
export function appInlineScriptSources(root: string): string[] {
  const file = path.join(root, 'index.html');
  return existsSync(file) ? inlineScriptSources(readFileSync(file, 'utf8')) : [];
}
