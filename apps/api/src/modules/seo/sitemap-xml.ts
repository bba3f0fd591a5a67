/**
 * The sitemaps protocol's XML (https://www.sitemaps.org/protocol.html): a sitemap index of
 * sitemaps, and sitemaps of URLs, each `<loc>` absolute and XML-escaped, `<lastmod>` in W3C
 * datetime. At most 50,000 URLs a file (the caller splits).
 */
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

const entry = (tag: 'url' | 'sitemap', item: SitemapUrl) =>
  `<${tag}><loc>${escapeXml(item.loc)}</loc>${item.lastmod ? `<lastmod>${item.lastmod.toISOString()}</lastmod>` : ''}</${tag}>`;

export function sitemapIndexXml(sitemaps: SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${sitemaps
    .map((s) => entry('sitemap', s))
    .join('\n')}\n</sitemapindex>\n`;
}

/** The same XML as urlSetXml, written as the batches of URLs come (a large sitemap is never whole in memory). */
export async function* urlSetXmlChunks(batches: AsyncIterable<SitemapUrl[]>): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n`;
  let first = true;
  for await (const urls of batches) {
    if (urls.length === 0) continue;
    yield `${first ? '' : '\n'}${urls.map((u) => entry('url', u)).join('\n')}`;
    first = false;
  }
  yield '\n</urlset>\n';
}

export function urlSetXml(urls: SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${urls
    .map((u) => entry('url', u))
    .join('\n')}\n</urlset>\n`;
}
