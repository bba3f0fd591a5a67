/**
 * The account rules without zod: length limits, the avatar's letter and where to go after
 * signing in. The storefront's first load needs some of them (the login link's redirect) and
 * loads zod later (decision 039); auth-schemas.ts builds its schemas on them and re-exports them.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** NIST SP 800-63B asks for at least 64; long passphrases are welcome. */
export const PASSWORD_MAX_LENGTH = 128;
/** Saved addresses one customer may keep: enough for home, work, family and friends, not a table to fill. */
export const MAX_SAVED_ADDRESSES = 20;

/** Largest avatar the API accepts, in bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Spec section 9: the avatar shows the first letter of the name in upper case. */
export function avatarLetter(name: string | null | undefined): string {
  const first = (name ?? '').trim().match(/\p{L}|\p{N}/u)?.[0];
  return first ? first.toLocaleUpperCase('en-GB') : '?';
}

/**
 * Where to go after signing in: the `redirect` query when it is a path inside this site,
 * else the fallback. A full URL or a protocol-relative "//host" is refused (open redirect), and
 * so is any control or whitespace character: browsers drop tabs and line breaks from a URL, so
 * "/\t/example.invalid" would be read as "//example.invalid".
 */
export function safeRedirectTarget(redirect: string | null | undefined, fallback = '/profile'): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return fallback;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  if (/[\u0000-\u001F\u007F-\u009F\s]/u.test(redirect)) return fallback;
  // Whatever else a browser might make of it, it must stay on this site.
  const base = 'https://this-site.invalid';
  if (new URL(redirect, base).origin !== base) return fallback;
  if (/^\/auth\//.test(redirect)) return fallback;
  return redirect;
}
