/**
 * A page's <head> for search engines and link previews (issue 25): its title, description,
 * canonical URL, Open Graph and Twitter card tags and JSON-LD. Pure, so the server render
 * (entry-server.tsx, as HTML) and the browser (PageMeta, as DOM on each navigation) write the
 * same tags from the same description.
 */

import { type StructuredData, structuredDataJsonLd } from './structured-data';

export const SITE_NAME = 'Parade';
export const DEFAULT_DESCRIPTION =
  'Parade: your local community parade of shops, online. Order for collection or delivery in East London.';

export interface PageHead {
  /** The page's own title; the site's name is added. None: the home page's title. */
  title?: string;
  description?: string | null;
  /** A picture of what the page is about (absolute, or a path on this site). */
  image?: string | null;
  /** Open Graph's type: `product`, `article`, `profile`, else `website`. */
  type?: 'website' | 'product' | 'article' | 'profile';
  /** Schema.org objects, one <script type="application/ld+json"> each. */
  jsonLd?: object[];
  /** What more of them are built from (structured-data.ts), after `jsonLd`. */
  structuredData?: StructuredData[];
  /** Pages that must not be indexed (a shopper's own pages, Not Found). */
  noIndex?: boolean;
  /**
   * What the URL asks for is not there, though the path is a page (a list's page past its last):
   * the server answers 404 with the page as drawn, and it is not indexed.
   */
  notFound?: boolean;
}

/** One tag of the head: a <title>, <meta>, <link> or JSON-LD <script>. */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: { type: 'application/ld+json' }; text: string };

/** Descriptions are cut where search results cut them, at a word, so that the preview reads whole. */
export function shortDescription(text: string | null | undefined, max = 160): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!plain) return DEFAULT_DESCRIPTION;
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!-]+$/, '')}…`;
}

export const fullTitle = (title: string | undefined) =>
  title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} | Your local parade of shops`;

/** An absolute URL on this site (a picture's path, the canonical path). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).toString();
}

/** The JSON-LD fields that hold links: a path in them becomes an absolute URL. */
const LINK_FIELDS = new Set(['url', 'image', 'item', 'logo', 'mainEntityOfPage', 'urlTemplate']);

/** Structured data with every path in a link field made absolute (search engines want whole URLs). */
export function absoluteLinks(value: unknown, origin: string, field = ''): unknown {
  if (typeof value === 'string') {
    return LINK_FIELDS.has(field) && value.startsWith('/')
      ? absoluteUrl(origin, value).replace(/%7B|%7D/g, (m) => (m === '%7B' ? '{' : '}'))
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => absoluteLinks(item, origin, field));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, absoluteLinks(item, origin, key)]));
  }
  return value;
}

/**
 * JSON for inside a <script> element: `<` escaped, so no text in the data (a product's
 * description) can close the element; U+2028/9 escaped for old parsers.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The query parameters a canonical URL keeps, in this order: the list's filters by slug, then the page. */
const CANONICAL_QUERY = ['category', 'sub', 'brand', 'shop', 'page'] as const;

/**
 * Every tag of a page's head. `origin` is the site's public address (PUBLIC_URL on the server,
 * and in the browser the origin of the canonical URL the server wrote); `path` the page's path,
 * whose query is left out of the canonical URL except for a list's filters and page number.
 */
export function headTags(head: PageHead, origin: string, path: string): HeadTag[] {
  const title = fullTitle(head.title);
  const description = shortDescription(head.description);
  const url = new URL(path, origin);
  const canonical = new URL(url.pathname, origin);
  // What a list *is* stays in its address (a category's list is not /products); how it is
  // sorted, narrowed by price or searched does not, and page 1 is the list itself.
  for (const name of CANONICAL_QUERY) {
    const value = url.searchParams.get(name);
    if (value && !(name === 'page' && value === '1')) canonical.searchParams.set(name, value);
  }
  const image = head.image ? absoluteUrl(origin, head.image) : absoluteUrl(origin, '/icons/icon-512.png');
  const tags: HeadTag[] = [
    { tag: 'title', text: title },
    { tag: 'meta', attrs: { name: 'description', content: description } },
    { tag: 'link', attrs: { rel: 'canonical', href: canonical.toString() } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: SITE_NAME } },
    { tag: 'meta', attrs: { property: 'og:locale', content: 'en_GB' } },
    { tag: 'meta', attrs: { property: 'og:type', content: head.type ?? 'website' } },
    { tag: 'meta', attrs: { property: 'og:title', content: head.title ?? title } },
    { tag: 'meta', attrs: { property: 'og:description', content: description } },
    { tag: 'meta', attrs: { property: 'og:url', content: canonical.toString() } },
    { tag: 'meta', attrs: { property: 'og:image', content: image } },
    { tag: 'meta', attrs: { name: 'twitter:card', content: head.image ? 'summary_large_image' : 'summary' } },
    { tag: 'meta', attrs: { name: 'twitter:title', content: head.title ?? title } },
    { tag: 'meta', attrs: { name: 'twitter:description', content: description } },
    { tag: 'meta', attrs: { name: 'twitter:image', content: image } },
  ];
  if (head.noIndex || head.notFound) tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  for (const item of [...(head.jsonLd ?? []), ...(head.structuredData ?? []).map(structuredDataJsonLd)]) {
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: scriptJson(absoluteLinks(item, origin)) });
  }
  return tags;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');

/** The tags as HTML for the server's page, each marked as the page's own (PageMeta replaces them on navigation). */
export function headHtml(tags: HeadTag[]): string {
  return tags
    .map((t) => {
      switch (t.tag) {
        case 'title':
          return `<title>${escapeHtml(t.text)}</title>`;
        case 'meta':
          return `<meta data-page-head${attributes(t.attrs)}>`;
        case 'link':
          return `<link data-page-head${attributes(t.attrs)}>`;
        default:
          return `<script data-page-head${attributes(t.attrs)}>${t.text}</script>`;
      }
    })
    .join('\n');
}
