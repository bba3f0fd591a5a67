import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { HeadTag, PageHead } from '@/lib/page-head';

/**
 * On the server, where effects do not run, the render's collector: each PageMeta rendered
 * writes its head into it, so the deepest page's wins (as it does in the browser, below).
 */
export const PageHeadCollector = createContext<{ head: PageHead } | null>(null);

/** Applies the tags to document.head: the title, and the elements marked data-page-head replaced. */
function applyHead(tags: HeadTag[]): void {
  for (const old of document.head.querySelectorAll('[data-page-head]')) old.remove();
  // index.html's own description (a page served before any render) gives way to the page's.
  for (const old of document.head.querySelectorAll('meta[name="description"]')) old.remove();
  for (const t of tags) {
    if (t.tag === 'title') {
      document.title = t.text;
      continue;
    }
    const element = document.createElement(t.tag);
    element.setAttribute('data-page-head', '');
    for (const [name, value] of Object.entries(t.attrs)) element.setAttribute(name, value);
    if (t.tag === 'script') element.textContent = t.text;
    document.head.append(element);
  }
}

/**
 * The site's public address, as the server wrote it in the first page's canonical URL (its
 * PUBLIC_URL): a visitor who reached the site by another name (an IP, a CDN's host, www or not)
 * must not turn the canonical and preview URLs into that name. A page the server sent as the
 * shell has none: the browser's own origin then.
 */
let siteOrigin: string | null = null;
function publicOrigin(): string {
  if (siteOrigin === null) {
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    siteOrigin = canonical ? new URL(canonical.href).origin : window.location.origin;
  }
  return siteOrigin;
}

/**
 * The PageMetas on screen, by the order they were first rendered: a layout's (a shop's page) is
 * rendered before its tab's, so the highest number is the deepest page, whose head is written.
 * Effects run the other way round (a tab's before its layout's), so "the last effect wins" let a
 * shop's own head replace its tab's.
 */
let rendered = 0;
const onScreen = new Map<number, { head: string; path: string }>();
let writing = false;

function writeDeepestHead(): void {
  if (writing) return;
  writing = true;
  // After every effect of this commit has registered (a microtask at least), once the tag writer has loaded.
  void import('@/lib/page-head').then(({ headTags }) => {
    writing = false;
    if (onScreen.size === 0) return;
    const deepest = onScreen.get(Math.max(...onScreen.keys()));
    if (deepest) applyHead(headTags(JSON.parse(deepest.head) as PageHead, publicOrigin(), deepest.path));
  });
}

/**
 * The page's head (lib/page-head.ts): title, meta description, canonical URL, link-preview tags
 * and structured data. Rendered by the server into the page's HTML; in the browser, written
 * on each navigation. The browser loads page-head.ts for that after the first paint (decision
 * 039): a page it hydrates already has its head.
 */
export function PageMeta(props: PageHead) {
  const collector = useContext(PageHeadCollector);
  if (collector) collector.head = props;
  const [order] = useState(() => ++rendered);
  const { pathname, search } = useLocation();
  // Compared as text: a page passes fresh objects (its JSON-LD) on every render.
  const head = JSON.stringify(props);
  useEffect(() => {
    // Read before the first write replaces the server's tags.
    publicOrigin();
    onScreen.set(order, { head, path: `${pathname}${search}` });
    writeDeepestHead();
    return () => {
      onScreen.delete(order);
      writeDeepestHead();
    };
  }, [order, head, pathname, search]);
  return null;
}
