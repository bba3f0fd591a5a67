/**
 * Stored links and picture references: what an API call may write into a field the storefront
 * later renders as an `href` or a `src` (slides, a shop's slides, deals, blog covers, page
 * pictures, site logos and social links, category pictures, brand logos).
 *
 * The rule is an allow-list of shapes, never a block-list of schemes: React does not refuse a
 * `javascript:` href in a production build (it only warns), and browsers strip tabs and newlines
 * from a URL and read `\` as `/` before they look at it, so "java\tscript:alert(1)" runs and
 * "/\t/evil.test" or "/\evil.test" leave the site. It is checked on write (safe-links.ts's schemas,
 * so a refusal is the standard 422 naming the field) and again on render (safeHref), so a row
 * stored before the rule, or edited in the database, cannot run script either.
 *
 * The checks, without zod: the storefront's first load renders links with safeHref and loads
 * zod later (decision 039). The schemas are in safe-links.ts, which re-exports these.
 */

/** Longest stored link or picture reference. */
export const LINK_MAX = 500;

/**
 * Characters a browser strips, rewrites or shows deceptively: any whitespace (Unicode too),
 * control characters, invisible format characters (bidi overrides, zero-width ones) and `\`.
 */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;
/**
 * An HTML character reference ("&#58;", "&#x2F;", "&colon;"): inert in React, but wherever the
 * value is ever written into HTML as text it would turn into the character it names.
 */
const CHARACTER_REFERENCE = /&(?:#|[a-z][a-z0-9]*;)/i;

const isClean = (value: string) =>
  value.length <= LINK_MAX && !UNSAFE_CHARACTER.test(value) && !CHARACTER_REFERENCE.test(value);

/** A path of this site: "/" and then anything but a second "/" ("//host" is another site). */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && isClean(value);
}

/**
 * An absolute https address with a host and no user part ("https://parade.test@evil.test"
 * reads as this site but goes to evil.test). Plain http is refused: the pages are served over
 * https, so an http picture is mixed content and an http link leaves the shopper unprotected.
 */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^/?#]/i.test(value) || !isClean(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A link or picture the storefront may render: a path of this site or an https address. */
export function isSafeLink(value: string): boolean {
  return isSitePath(value) || isHttpsUrl(value);
}

/**
 * One of the files this site stores and serves under /uploads/ ("/uploads/shops/3-logo-ab12.png",
 * "/uploads/demo/slides/x.svg"): folder and file names of letters, digits, "-" and "_" only, so
 * it cannot climb out of /uploads/ ("..") or carry a query.
 */
export function isUploadPath(value: string): boolean {
  return /^\/uploads(?:\/[\w-]+)+\.[A-Za-z0-9]{2,5}$/.test(value) && isClean(value);
}

/**
 * The value to put in an `href` (or `src`): the trimmed link when it is safe, else null, so the
 * caller renders no link at all. For every stored link rendered by the storefront.
 */
export function safeHref(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed !== '' && isSafeLink(trimmed) ? trimmed : null;
}

/**
 * Whether a link points at the computer that opens it (localhost, 127.0.0.0/8, ::1, 0.0.0.0):
 * PUBLIC_URL's default. A phone scanning a poster of such a link reaches nothing, so the
 * merchant site warns before anyone prints one.
 */
export function isLoopbackUrl(link: string): boolean {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '0.0.0.0'
  );
}
