/** The named character references a sanitiser writes into text (and the non-breaking space). */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * Text with its HTML character references decoded: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`,
 * `&nbsp;` and numeric ones (`&#39;`, `&#x2019;`). Anything else is left as written. Runs in the
 * browser and on the server alike (no DOM needed); the result is text, for React to show as text.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
