import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import type { HeadTag, PageHead } from '@/lib/page-head';

/**
 * On the server, where effects do not run, the render's collector: each PageMeta rendered
 * writes its head into it, so the deepest page's wins (as its effect would in the browser).
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
 * The page's head (lib/page-head.ts): title, meta description, canonical URL, link-preview tags
 * and structured data. Rendered by the server into the page's HTML; in the browser, written
 * on each navigation. The browser loads page-head.ts for that after the first paint (decision
 * 039): a page it hydrates already has its head.
 */
export function PageMeta(props: PageHead) {
  const collector = useContext(PageHeadCollector);
  if (collector) collector.head = props;
  const { pathname, search } = useLocation();
  // Compared as text: a page passes fresh objects (its JSON-LD) on every render.
  const head = JSON.stringify(props);
  useEffect(() => {
    let current = true;
    void import('@/lib/page-head').then(({ headTags }) => {
      if (current) applyHead(headTags(JSON.parse(head) as PageHead, window.location.origin, `${pathname}${search}`));
    });
    return () => {
      current = false;
    };
  }, [head, pathname, search]);
  return null;
}
