import { safeHref } from '@parade/core/safe-links';
import sanitizeHtml from 'sanitize-html';

/**
 * Blog bodies and page sections are HTML written in the admin site. They are sanitised with a
 * strict allow-list every time they are served, so stored HTML from any source (an import, an
 * older row, a direct database edit) never reaches a browser with scripts, event handlers,
 * styles, frames or javascript: links.
 */
const options = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard' as const,
  parseStyleAttributes: false,
  transformTags: {
    // A link that opens a new tab must not hand the opener to the other site.
    a: (tagName: string, attribs: Record<string, string>) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs: Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== 'target')) },
  },
};

/** Strips everything outside the allow-list: tags, attributes and URL schemes. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * An image URL from the content tables: a site path or an https URL (the rule of
 * @parade/core/safe-links, which the write schemas check too); anything else is dropped, so a
 * row stored before the rule is never served.
 */
export function safeImageUrl(url: string): string {
  return safeHref(url) ?? '';
}

/** A link from the content tables (slides, deals): a site path or an https URL, else null. */
export function safeLink(url: string | null | undefined): string | null {
  return safeHref(url);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The words of rich text without any markup (an excerpt made from a post's body), at most `max` characters. */
export function plainTextOf(html: string, max: number): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|dd|dt|blockquote|div|pre|figcaption|td|th)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
